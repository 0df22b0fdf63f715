#!/usr/bin/env node
/**
 * `npm run bench`: measures, never asserts. Builds the site, serves it against the local
 * stand-in, and prints:
 *  1. cold render of /sports with its five feeds each delayed 300 ms (fresh server each run);
 *  2. cached /, /sports and the cheapest route (/terms, a prerendered static page) under
 *     autocannon, 50 connections for 10 s each, in the same run.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import autocannon from "autocannon";
import standIn from "../e2e/env.cjs";

const { appEnv, STAND_IN_PORT, STAND_IN_URL } = standIn;
const PORT = 3300;
const BASE = `http://127.0.0.1:${PORT}`;
const FEED_DELAY_MS = 300;
const children = new Set();

function run(command, args, env = {}, quiet = true) {
  const child = spawn(command, args, { stdio: quiet ? "ignore" : "inherit", env: { ...process.env, ...env } });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}
const exited = (child) => new Promise((resolve) => child.on("exit", resolve));
process.on("exit", () => children.forEach((child) => child.kill("SIGTERM")));

async function waitFor(url) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

const env = appEnv({ siteUrl: BASE });
try {
  await fetch(`${STAND_IN_URL}/__health`);
  throw new Error(`port ${STAND_IN_PORT} is taken (a demo or test run?): stop it first`);
} catch (error) {
  if (error instanceof Error && error.message.startsWith("port")) throw error;
}
run("node", ["e2e/stand-in/server.mjs", "--port", String(STAND_IN_PORT)], { STAND_IN_FEED_DELAY_MS: String(FEED_DELAY_MS) });
await waitFor(`${STAND_IN_URL}/__health`);
console.log("building…");
if ((await exited(run("npx", ["next", "build"], env))) !== 0) throw new Error("build failed");

async function startServer() {
  const server = run("npx", ["next", "start", "-p", String(PORT), "-H", "127.0.0.1"], env);
  await waitFor(`${BASE}/terms`);
  return server;
}

// 1. Cold renders.
const cold = [];
for (let i = 0; i < 5; i++) {
  // Forget the rendered page and the cached headlines so every run is a real cold render.
  rmSync(".next/cache/fetch-cache", { recursive: true, force: true });
  rmSync(".next/server/route-cache", { recursive: true, force: true });
  const server = await startServer();
  const started = performance.now();
  const response = await fetch(`${BASE}/sports`);
  await response.text();
  cold.push(performance.now() - started);
  server.kill("SIGTERM");
  await exited(server);
}
cold.sort((a, b) => a - b);
console.log(`\nCold render of /sports, five feeds each delayed ${FEED_DELAY_MS} ms (5 fresh servers):`);
console.log(`  median ${cold[2].toFixed(0)} ms, min ${cold[0].toFixed(0)} ms, max ${cold[4].toFixed(0)} ms (one after another would be ≥ ${5 * FEED_DELAY_MS} ms)`);

// 2. Cached throughput.
await startServer();
for (const path of ["/", "/sports"]) await (await fetch(`${BASE}${path}`)).text();
await new Promise((resolve) => setTimeout(resolve, 1000));

async function load(path) {
  const result = await autocannon({ url: `${BASE}${path}`, connections: 50, duration: 10 });
  return { path, rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}
const rows = [];
for (const path of ["/terms", "/", "/sports"]) rows.push(await load(path));
const ceiling = rows[0].rps;
console.log("\nCached pages, autocannon 50 connections × 10 s:");
for (const row of rows) {
  const share = ((row.rps / ceiling) * 100).toFixed(0);
  console.log(
    `  ${row.path.padEnd(8)} ${row.rps.toFixed(0).padStart(6)} req/s  p99 ${String(row.p99).padStart(4)} ms  ${share}% of /terms  (non-2xx ${row.non2xx}, errors ${row.errors})`,
  );
}
process.exit(0);
