/**
 * Several production instances of one build sharing one Redis, for the Redis tests
 * (e2e/redis.spec.ts) and benchmark (scripts/bench-redis.mjs). Everything runs on loopback:
 * Debian's redis-server with its own temporary folder and nothing saved to disk, and
 * the production server (server.mjs, as `npm start`) for each instance in its own folder holding its own copy of the build (`.next`,
 * so each has its own disk cache and sharing really goes through Redis); the rest of the
 * project (code, node_modules, public) is linked, not copied.
 * CommonJS, like e2e/env.cjs, so that Playwright's specs and plain Node scripts can both load it.
 */
const { spawn } = require("node:child_process");
const { cpSync, mkdtempSync, rmSync, symlinkSync } = require("node:fs");
const net = require("node:net");
const os = require("node:os");
const path = require("node:path");

/**
 * A redis-server of the tests' own (startRedis).
 * @typedef {object} RedisServer
 * @property {number} port
 * @property {string} url
 * @property {string} dir
 * @property {() => Promise<void>} start starts it again after stop(), on the same port
 * @property {() => Promise<void>} stop
 * @property {() => Promise<void>} cleanup
 */

/**
 * A production instance (startInstance).
 * @typedef {object} Instance
 * @property {import("node:child_process").ChildProcess | null} child the server's process while
 *   it runs (a test may kill it)
 * @property {number} port
 * @property {string} dir
 * @property {string} url
 * @property {string[]} output its log lines
 * @property {() => Promise<void>} start
 * @property {() => Promise<void>} stop
 * @property {(options?: { emptyDisk?: boolean }) => Promise<void>} restart
 * @property {() => Promise<void>} cleanup
 */

/**
 * An archive file (ARCHIVE_FILE) in a temporary folder of its own, empty at first (tempArchive).
 * @typedef {{ file: string; cleanup(): void }} TempArchive
 */

const ROOT = path.resolve(__dirname, "..", "..");
/** What the server reads besides the build output. */
const LINKED = [
  "node_modules",
  "public",
  "package.json",
  "next.config.mjs",
  "tsconfig.json",
  "lib",
  "app",
  "components",
  "content",
  "instrumentation.ts",
  "instrumentation-node.ts",
  "proxy.ts",
  "server.mjs",
  "e2e",
];

/**
 * A port the system has free now.
 * @returns {Promise<number>}
 */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * Resolves once `check` answers true (a throw counts as not yet); rejects after `timeoutMs`.
 * @param {() => Promise<boolean> | boolean} check
 * @param {string} what named in the rejection
 * @param {number} [timeoutMs]
 * @param {number} [intervalMs] between two checks
 */
async function waitFor(check, what, timeoutMs = 60_000, intervalMs = 200) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not start within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** @param {number} port @returns {Promise<boolean>} */
function portOpen(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * redis-server on a free loopback port; `stop()` and `start()` again on the same port. `args`
 * are more of redis-server's options (the archive bench's `--maxmemory`).
 * @param {{ port?: number; args?: string[] }} [options]
 * @returns {Promise<RedisServer>}
 */
async function startRedis({ port, args = [] } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "riverbend-redis-"));
  const chosen = port ?? (await freePort());
  /** @type {import("node:child_process").ChildProcess | null} */
  let child = null;
  /** @type {RedisServer} */
  const redis = {
    port: chosen,
    url: `redis://127.0.0.1:${chosen}`,
    dir,
    async start() {
      child = spawn(
        "redis-server",
        [
          "--port",
          String(chosen),
          "--bind",
          "127.0.0.1",
          "--dir",
          dir,
          "--save",
          "",
          "--appendonly",
          "no",
          ...args,
        ],
        { stdio: "ignore" },
      );
      await waitFor(() => portOpen(chosen), "redis-server", 10_000);
    },
    async stop() {
      const running = child;
      if (!running) return;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      running.kill("SIGTERM");
      await exited;
      child = null;
    },
    async cleanup() {
      await redis.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await redis.start();
  return redis;
}

/**
 * An archive (ARCHIVE_FILE) for one group of instances: an SQLite file in a temporary folder of
 * its own, empty at first. Instances on one host may share it (WAL), as a deployment's do; a
 * group that must not see another's history gets its own. `cleanup()` removes it.
 * @returns {TempArchive}
 */
function tempArchive() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "riverbend-archive-"));
  return {
    file: path.join(dir, "archive.sqlite"),
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A folder holding its own copy of the build (`.next` without the build's own caches). */
function copyBuild() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "riverbend-instance-"));
  cpSync(path.join(ROOT, ".next"), path.join(dir, ".next"), {
    recursive: true,
    filter: (source) =>
      !source.startsWith(path.join(ROOT, ".next", "cache")) &&
      !source.startsWith(path.join(ROOT, ".next", "dev")),
  });
  for (const name of LINKED) symlinkSync(path.join(ROOT, name), path.join(dir, name));
  return dir;
}

/**
 * The production server (server.mjs) in `dir` on `port` with `env`. `output` collects the instance's log lines.
 * `restart({ emptyDisk })` stops it and starts it again, on a fresh copy of the build if asked.
 * `pollMs`: how often its health is asked while it starts (a bench timing the start asks often).
 * @param {{ port: number; env: Record<string, string>; dir?: string; pollMs?: number }} options
 * @returns {Promise<Instance>}
 */
async function startInstance({ port, env, dir = copyBuild(), pollMs = 200 }) {
  /** @type {Instance} */
  const instance = {
    port,
    dir,
    url: `http://127.0.0.1:${port}`,
    output: [],
    child: null,
    async start() {
      const child = spawn(
        process.execPath,
        [path.join(ROOT, "server.mjs"), "--port", String(port), "--hostname", "127.0.0.1"],
        {
          cwd: instance.dir,
          env: { ...process.env, NODE_ENV: "production", ...env },
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      for (const stream of [child.stdout, child.stderr]) {
        stream.setEncoding("utf8");
        stream.on("data", (/** @type {string} */ text) =>
          instance.output.push(...text.split("\n").filter(Boolean)),
        );
      }
      instance.child = child;
      // /api/health answers whatever the host: a network instance answers 421 to 127.0.0.1.
      await waitFor(
        async () => (await fetch(`${instance.url}/api/health`)).ok,
        `instance on ${port}`,
        60_000,
        pollMs,
      );
    },
    async stop() {
      const child = instance.child;
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      instance.child = null;
    },
    async restart({ emptyDisk = false } = {}) {
      await instance.stop();
      if (emptyDisk) {
        rmSync(instance.dir, { recursive: true, force: true });
        instance.dir = copyBuild();
      }
      await instance.start();
    },
    async cleanup() {
      await instance.stop();
      rmSync(instance.dir, { recursive: true, force: true });
    },
  };
  await instance.start();
  return instance;
}

module.exports = { freePort, startRedis, copyBuild, startInstance, tempArchive, waitFor };
