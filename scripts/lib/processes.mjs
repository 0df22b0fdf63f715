/**
 * The child processes of the bench scripts (scripts/bench*.mjs, scripts/soak.mjs): one way to
 * start them, wait for them and stop them.
 *
 * Importing this module registers the clean-up: when the script ends, however it ends (done, an
 * error, Ctrl-C, SIGTERM), every child started with run() is sent SIGTERM; on an error, a signal
 * or stopAll() the clean-ups given to onStop() run first (a plain exit cannot wait for them, so
 * a script that ends normally runs its own). A server left behind would hold its port and fail
 * the next run; a Redis or a temporary folder left behind would fill the machine.
 */
import { execFile, spawn } from "node:child_process";
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import standIn from "../../e2e/env.cjs";

/** @import { ChildProcess, StdioOptions } from "node:child_process" */
/** @typedef {Record<string, string | undefined>} Env variables added to this process's own */

const { STAND_IN_PORT, STAND_IN_URL, standInArgs, REVALIDATE_SECRET } = standIn;

export const ROOT = path.resolve(import.meta.dirname, "../..");
/** Next's own command, run with this Node (npx would start another npm and another Node). */
const NEXT = path.join(ROOT, "node_modules/next/dist/bin/next");

export const sleep = (/** @type {number} */ ms) =>
  new Promise((resolve) => setTimeout(resolve, ms));

/** @type {Set<ChildProcess>} */
const children = new Set();
/** @type {(() => unknown)[]} */
const cleanups = [];

/**
 * Starts a child in the project folder, with this environment plus `env`; output ignored.
 * @param {string} command
 * @param {readonly string[]} args
 * @param {{ env?: Env; cwd?: string; stdio?: StdioOptions }} [options]
 * @returns {ChildProcess}
 */
export function run(command, args, { env = {}, cwd = ROOT, stdio = "ignore" } = {}) {
  const child = spawn(command, args, { cwd, stdio, env: { ...process.env, ...env } });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

/**
 * Resolves with the child's exit code (null when a signal ended it), at once if it has ended.
 * @param {ChildProcess} child
 * @returns {Promise<number | null>}
 */
function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) =>
    child.once("exit", (/** @type {number | null} */ code) => resolve(code)),
  );
}

/**
 * Sends the signal and waits for the child to be gone.
 * @param {ChildProcess} child
 * @param {NodeJS.Signals} [signal]
 */
export async function stop(child, signal = "SIGTERM") {
  const gone = exited(child);
  child.kill(signal);
  await gone;
}

/** A clean-up (a folder, a Redis) for stopAll() to run. @param {() => unknown} cleanup */
export function onStop(cleanup) {
  cleanups.push(cleanup);
}

let stopping = false;
/** Whether stopAll() is under way: children ending now are being stopped, not failing. */
export const isStopping = () => stopping;

/**
 * Runs the clean-ups, stops every child and exits with `code`, within 15 s whatever hangs.
 * @param {number} code
 */
export async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(code), 15_000).unref();
  // All at once: each stops and removes its own things, and one slow to stop (a server busy
  // with open streams) must not use up the time of the others.
  await Promise.allSettled(cleanups.map(async (cleanup) => cleanup()));
  for (const child of children) child.kill("SIGTERM");
  process.exit(code);
}

process.on("exit", () => children.forEach((child) => child.kill("SIGTERM")));
process.on("SIGINT", () => stopAll(130));
process.on("SIGTERM", () => stopAll(143));
for (const event of ["uncaughtException", "unhandledRejection"]) {
  process.on(event, (error) => {
    console.error(error);
    stopAll(1);
  });
}

/**
 * Waits until `target` is up: an address answering with a status under 500, or a check that
 * resolves truthy (a throw counts as not yet). Resolves with the milliseconds it took.
 * @param {string | (() => unknown)} target
 * @param {{ what?: string; timeoutMs?: number; intervalMs?: number }} [options]
 * @returns {Promise<number>}
 */
export async function waitFor(target, { what, timeoutMs = 60_000, intervalMs = 100 } = {}) {
  const check =
    typeof target === "function" ? target : async () => (await fetch(target)).status < 500;
  const started = performance.now();
  for (;;) {
    try {
      if (await check()) return performance.now() - started;
    } catch {
      // not up yet
    }
    if (performance.now() - started > timeoutMs) {
      throw new Error(`${what ?? target} did not come up within ${timeoutMs / 1000} s`);
    }
    await sleep(intervalMs);
  }
}

/** Whether something already answers HTTP at `address`, whatever its status. @param {string} address */
function answers(address) {
  return fetch(address).then(
    () => true,
    () => false,
  );
}

/**
 * The stand-in upstreams (e2e/stand-in/server.mjs) on STAND_IN_PORT. A stand-in already there
 * belongs to a demo or a test run, whose state this run would change and measure: refused.
 * @param {{ env?: Env; stdio?: StdioOptions }} [options]
 */
export async function startStandIn({ env = {}, stdio = "ignore" } = {}) {
  if (await answers(`${STAND_IN_URL}/__health`))
    throw new Error(`port ${STAND_IN_PORT} is taken (a demo or test run?): stop it first`);
  const child = run(process.execPath, standInArgs(), { env, stdio });
  await waitFor(`${STAND_IN_URL}/__health`, { what: "the stand-in" });
  return child;
}

/**
 * `next build` of the site (no `dir`) or of another Next project, such as the trivial page.
 * @param {{ dir?: string; env?: Env; stdio?: StdioOptions; next?: string }} [options]
 */
export async function nextBuild({ dir, env = {}, stdio = "ignore", next = NEXT } = {}) {
  const args = [next, "build", ...(dir ? [dir] : [])];
  const code = await exited(run(process.execPath, args, { env, stdio }));
  if (code !== 0) throw new Error(`next build${dir ? ` ${dir}` : ""} failed (exit ${code})`);
}

/**
 * Where the trivial page is built and served: a copy of bench/trivial outside the project.
 * Turbopack takes the proxy.ts and instrumentation.ts it finds at its root as the app's own
 * (vercel/next.js#95287), so built inside the project, with the project as its root, the
 * "trivial" page carried the site's proxy and instrumentation (and their archive). Out here it
 * is its own root, with the project's node_modules linked file by file (hard links: a copy of
 * the same bytes, in 2 s, no space; a plain copy where the temporary folder is another disk).
 * It is built and served by the Next of its own node_modules: the project's would load a
 * second React beside the one the page's code imports.
 */
const TRIVIAL_DIR = path.join(os.tmpdir(), "news-bench-trivial");
const TRIVIAL_NEXT = path.join(TRIVIAL_DIR, "node_modules/next/dist/bin/next");

/**
 * Copies bench/trivial to TRIVIAL_DIR afresh and builds it there with the project's Next.
 * @param {{ stdio?: StdioOptions }} [options]
 */
export async function buildTrivial({ stdio = "ignore" } = {}) {
  await fs.rm(TRIVIAL_DIR, { recursive: true, force: true });
  await fs.cp(path.join(ROOT, "bench/trivial"), TRIVIAL_DIR, {
    recursive: true,
    filter: (source) => path.basename(source) !== ".next",
  });
  const modules = path.join(ROOT, "node_modules");
  const copy = promisify(execFile);
  await copy("cp", ["-al", modules, TRIVIAL_DIR]).catch(() =>
    copy("cp", ["-a", modules, TRIVIAL_DIR]),
  );
  await nextBuild({ dir: TRIVIAL_DIR, stdio, next: TRIVIAL_NEXT });
}

/**
 * Starts a server on 127.0.0.1:`port` and resolves once `ready` answers on it. A port that
 * already answers belongs to something else (a run left behind, a demo): refused, since this
 * run would measure that server and not its own. A server that exits before answering (its
 * build missing, its configuration refused) fails at once, naming its exit code.
 * @param {{
 *   port: number;
 *   ready: string;
 *   what: string;
 *   command: string;
 *   args: readonly string[];
 *   cwd?: string;
 *   env?: Env;
 * }} options
 */
async function startServer({ port, ready, what, command, args, cwd, env }) {
  const address = `http://127.0.0.1:${port}${ready}`;
  if (await answers(address)) {
    throw new Error(`port ${port} is taken (a run left behind? a demo?): stop it first`);
  }
  const child = run(command, args, { cwd, env });
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  // Stops waiting as soon as the child has ended, and then tells why.
  await waitFor(async () => ended() || (await fetch(address)).status < 500, {
    what: `${what} on :${port}`,
  });
  if (ended())
    throw new Error(`${what} exited (code ${child.exitCode}) before answering on :${port}`);
  return child;
}

/**
 * The site as `npm start` runs it (server.mjs) on 127.0.0.1:`port`; resolves once it answers.
 * @param {{ port: number; env?: Env; node?: string; ready?: string }} options
 */
export function startSite({ port, env, node = process.execPath, ready = "/terms" }) {
  return startServer({
    port,
    ready,
    what: "the site",
    command: node,
    args: [path.join(ROOT, "server.mjs"), "-p", String(port), "-H", "127.0.0.1"],
    env,
  });
}

/**
 * The trivial page (bench/trivial, built by buildTrivial) under Next's own server.
 * @param {{ port: number; node?: string; ready?: string; env?: Env }} options
 */
export function startTrivial({ port, node = process.execPath, ready = "/", env = {} }) {
  return startServer({
    port,
    ready,
    what: "the trivial page",
    command: node,
    args: [TRIVIAL_NEXT, "start", "-p", String(port), "-H", "127.0.0.1"],
    cwd: TRIVIAL_DIR,
    env,
  });
}

/**
 * An instance's JavaScript heap in use and its memory outside the heap (buffers, native), in
 * MB, from its /api/metrics (the operators' secret); null when it does not answer in 2 s.
 * Asked with node:http: fetch() sends its own Host, and `host` must name a publication.
 * @param {number} port
 * @param {string} host
 * @returns {Promise<{ heap: number; external: number } | null>}
 */
export function instanceHeapMb(port, host) {
  return new Promise((resolve) => {
    const request = http.get(
      {
        host: "127.0.0.1",
        port,
        path: "/api/metrics",
        headers: { authorization: `Bearer ${REVALIDATE_SECRET}`, host },
        timeout: 2000,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => {
          const value = (/** @type {string} */ name) =>
            Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? NaN) / 1024 / 1024;
          resolve({
            heap: value("nodejs_heap_size_used_bytes"),
            external: value("nodejs_external_memory_bytes"),
          });
        });
      },
    );
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(null));
  });
}
