/**
 * A PostgreSQL server of its own for the archive's tests (test-support/archive-engines.ts) and
 * bench: Debian's binaries (the newest /usr/lib/postgresql/<n>/bin, else `postgres` on PATH),
 * a cluster made by initdb in a temporary folder, listening on loopback only at its own port,
 * its unix socket in that folder too, and nothing synced to disk (fsync off: a test's data
 * need not survive a power cut). Trust authentication: only this machine can reach it.
 *
 * PostgreSQL refuses to run as root: as root, initdb and the server run as the `postgres`
 * user (the package creates it) and the folder is given to that user.
 * CommonJS, like e2e/redis/instances.cjs, so that Jest, Playwright and plain Node scripts can
 * all load it.
 */
const { execFileSync, spawn } = require("node:child_process");
const {
  accessSync,
  chownSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
} = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { freePort, waitFor } = require("../redis/instances.cjs");

/** @import { ChildProcessByStdio, SpawnOptions } from "node:child_process" */
/** @import { Readable } from "node:stream" */

/**
 * The tests' own PostgreSQL server (startPostgres).
 * @typedef {object} PostgresServer
 * @property {number} port
 * @property {string} url postgres://postgres@127.0.0.1:<port>/archive (trust authentication,
 *   loopback only)
 * @property {string} dir
 * @property {string[]} output the server's log lines
 * @property {() => Promise<void>} start starts it again after stop(): the same port, the same data
 * @property {() => Promise<void>} stop a fast shutdown: sessions are ended at once
 * @property {() => Promise<void>} cleanup
 */

const DEBIAN_DIR = "/usr/lib/postgresql";
/** The server's superuser, and the database the URL names. */
const USER = "postgres";
const DATABASE = "archive";

const executable = (/** @type {string} */ file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The folder of the PostgreSQL programs: Debian's newest major version, else PATH's. */
function postgresBin() {
  /** @type {string[]} */
  let versions = [];
  try {
    versions = readdirSync(DEBIAN_DIR)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
  } catch {
    // not Debian's layout
  }
  for (const version of versions) {
    const dir = path.join(DEBIAN_DIR, version, "bin");
    if (executable(path.join(dir, "postgres"))) return dir;
  }
  for (const dir of (process.env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    if (executable(path.join(dir, "postgres")) && executable(path.join(dir, "initdb"))) return dir;
  }
  throw new Error(
    "PostgreSQL is not installed: `sudo apt-get install -y --no-install-recommends postgresql`",
  );
}

/** As root, the uid and gid the programs run as (the `postgres` user); else none. */
function runAs() {
  if (process.getuid?.() !== 0) return {};
  const id = (/** @type {string} */ flag) =>
    Number(execFileSync("id", [flag, USER], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

/**
 * Runs one of the programs to its end; rejects with its output when it fails.
 * @param {string} file
 * @param {string[]} args
 * @param {SpawnOptions} options
 * @returns {Promise<string>}
 */
function run(file, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding("utf8");
      stream.on("data", (/** @type {string} */ text) => (output += text));
    }
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${path.basename(file)} exited with ${code}:\n${output}`)),
    );
  });
}

/**
 * A PostgreSQL server on a free loopback port (or `port`), database `archive` created;
 * `stop()` and `start()` again on the same port with the same data; `cleanup()` removes it all.
 * `dir`: a folder of its own to keep (a bench's archive, filled over several runs): a server
 * made there before starts again on its data.
 * @param {{ port?: number; dir?: string }} [options]
 * @returns {Promise<PostgresServer>}
 */
async function startPostgres({ port, dir: kept } = {}) {
  const bin = postgresBin();
  if (kept) mkdirSync(kept, { recursive: true });
  const dir = kept ?? mkdtempSync(path.join(os.tmpdir(), "riverbend-postgres-"));
  const data = path.join(dir, "data");
  const made = existsSync(path.join(data, "PG_VERSION"));
  const as = runAs();
  if (as.uid !== undefined) chownSync(dir, as.uid, as.gid);
  const options = { ...as, cwd: dir, env: { ...process.env, LC_ALL: "C.UTF-8" } };
  if (!made)
    await run(
      path.join(bin, "initdb"),
      ["-D", data, "-U", USER, "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"],
      options,
    );
  const chosen = port ?? (await freePort());
  /** @type {ChildProcessByStdio<null, null, Readable> | null} */
  let child = null;
  const stopWithUs = () => child?.kill("SIGKILL");
  /** @type {PostgresServer} */
  const server = {
    port: chosen,
    url: `postgres://${USER}@127.0.0.1:${chosen}/${DATABASE}`,
    dir,
    output: [],
    async start() {
      child = spawn(
        path.join(bin, "postgres"),
        [
          ...["-D", data, "-p", String(chosen), "-k", dir],
          ...["-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"],
          ...["-c", "synchronous_commit=off", "-c", "full_page_writes=off"],
        ],
        { ...options, stdio: ["ignore", "ignore", "pipe"] },
      );
      child.stderr.setEncoding("utf8");
      child.stderr.on("data", (/** @type {string} */ text) =>
        server.output.push(...text.split("\n").filter(Boolean)),
      );
      process.once("exit", stopWithUs);
      // Ready means accepting connections, not only listening (it answers "starting up" first).
      const ready = path.join(bin, "pg_isready");
      await waitFor(
        () => run(ready, ["-q", "-h", "127.0.0.1", "-p", String(chosen)], options).then(() => true),
        `postgres on ${chosen}`,
        30_000,
      );
    },
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      // SIGINT: PostgreSQL's fast shutdown (sessions ended at once, then a clean stop).
      running.kill("SIGINT");
      await exited;
      process.removeListener("exit", stopWithUs);
      child = null;
    },
    async cleanup() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  if (!made)
    await run(
      path.join(bin, "createdb"),
      ["-h", "127.0.0.1", "-p", String(chosen), "-U", USER, DATABASE],
      options,
    );
  return server;
}

module.exports = { startPostgres };
