#!/usr/bin/env node
/**
 * A real radio station for the tests and the bench: Debian's Icecast 2 on 127.0.0.1, with its
 * own config file in a temp dir, fed by Debian's ffmpeg sending a generated 440 Hz tone as
 * 128 kbit/s MP3 to the mount /stream, with a current title set through Icecast's admin API.
 *
 * As a module: `const station = await startStation({ port })`, then `station.stop()`,
 * `station.start()`, `station.close()`.
 *
 * As a program (Playwright's webServer): `node e2e/radio/station.mjs --port 8076` runs until
 * killed, and takes orders on a Unix socket so tests can stop and restart the station:
 *   POST /stop, POST /start, GET /ready (waits until the mount is live), GET /stream-requests
 *   (listener requests Icecast has logged) — see control.ts.
 */
import { spawn, execFileSync } from "node:child_process";
import { chownSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const MOUNT = "/stream";
export const BITRATE = 128_000;
export const TITLE = "Riverbend Morning Show";
const PASSWORD = "riverbend-test";

/** @import { ChildProcess } from "node:child_process" */

/**
 * The mount's entry in Icecast's status document (status-json.xsl), as far as it is read.
 * @typedef {{ listenurl?: string; listeners?: number | string; title?: string }} MountSource
 */

/** The Unix socket the program takes orders on. @param {number} port */
export function controlSocket(port) {
  return path.join(os.tmpdir(), `riverbend-station-${port}.sock`);
}

/** @param {string} command */
function which(command) {
  try {
    return execFileSync("sh", ["-c", `command -v ${command}`])
      .toString()
      .trim();
  } catch {
    throw new Error(`${command} is not installed (apt-get install icecast2 ffmpeg)`);
  }
}

/** @param {{ port: number; dir: string }} where */
function icecastConfig({ port, dir }) {
  // Icecast refuses to run as root; as root it must be told whom to become.
  const asRoot = process.getuid?.() === 0;
  return `<icecast>
  <location>Riverbend</location>
  <admin>test@localhost</admin>
  <limits>
    <clients>1000</clients>
    <sources>2</sources>
    <queue-size>524288</queue-size>
    <client-timeout>30</client-timeout>
    <header-timeout>15</header-timeout>
    <source-timeout>10</source-timeout>
    <burst-on-connect>1</burst-on-connect>
    <burst-size>65535</burst-size>
  </limits>
  <authentication>
    <source-password>${PASSWORD}</source-password>
    <admin-user>admin</admin-user>
    <admin-password>${PASSWORD}</admin-password>
  </authentication>
  <hostname>127.0.0.1</hostname>
  <listen-socket>
    <port>${port}</port>
    <bind-address>127.0.0.1</bind-address>
  </listen-socket>
  <fileserve>1</fileserve>
  <paths>
    <basedir>/usr/share/icecast2</basedir>
    <logdir>${dir}</logdir>
    <webroot>/usr/share/icecast2/web</webroot>
    <adminroot>/usr/share/icecast2/admin</adminroot>
    <pidfile>${dir}/icecast.pid</pidfile>
  </paths>
  <logging>
    <accesslog>access.log</accesslog>
    <errorlog>error.log</errorlog>
    <loglevel>2</loglevel>
  </logging>
  <security>
    <chroot>0</chroot>
    ${asRoot ? "<changeowner><user>nobody</user><group>nogroup</group></changeowner>" : ""}
  </security>
</icecast>
`;
}

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Icecast's status for our mount, or null when Icecast does not answer.
 * @param {number} port
 * @returns {Promise<{ up: true; source: MountSource | null } | null>}
 */
export async function mountStatus(port) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/status-json.xsl`, {
      signal: AbortSignal.timeout(2000),
    });
    const { icestats } = await response.json();
    /** @type {MountSource[]} */
    const sources = [icestats.source ?? []].flat();
    return { up: true, source: sources.find((s) => s.listenurl?.endsWith(MOUNT)) ?? null };
  } catch {
    return null;
  }
}

/**
 * Listeners Icecast currently serves on the mount (null when the station is down).
 * @param {number} port
 */
export async function listenerCount(port) {
  const status = await mountStatus(port);
  return status?.source ? Number(status.source.listeners) : null;
}

/** @param {number} port @param {string} title */
async function setTitle(port, title) {
  const url = `http://127.0.0.1:${port}/admin/metadata?mount=${MOUNT}&mode=updinfo&song=${encodeURIComponent(title)}`;
  await fetch(url, {
    headers: { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString("base64")}` },
  });
}

/** @param {{ port?: number; log?: boolean }} [options] */
export async function startStation({ port = 8076, log = false } = {}) {
  const icecastBin = which("icecast2");
  const ffmpegBin = which("ffmpeg");
  /** @type {string | null} */
  let dir = null;
  /** @type {ChildProcess | null} */
  let icecast = null;
  /** @type {ChildProcess | null} */
  let ffmpeg = null;
  const stdio = log ? "inherit" : "ignore";

  async function waitForMount(timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const status = await mountStatus(port);
      if (status?.source?.title === TITLE) return;
      if (status?.source && !status.source.title) await setTitle(port, TITLE).catch(() => {});
      await sleep(200);
    }
    throw new Error(`Icecast mount ${MOUNT} on port ${port} did not come up (logs in ${dir})`);
  }

  async function start() {
    if (icecast) return;
    // One dir per port, cleared at start: a run killed outright leaves nothing that piles up.
    dir = path.join(os.tmpdir(), `riverbend-icecast-${port}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "icecast.xml"), icecastConfig({ port, dir }));
    if (process.getuid?.() === 0) {
      // Icecast drops to nobody before opening its logs: that user must be able to write here.
      const uid = Number(execFileSync("id", ["-u", "nobody"]).toString());
      const gid = Number(execFileSync("getent", ["group", "nogroup"]).toString().split(":")[2]);
      chownSync(dir, uid, gid);
    }
    icecast = spawn(icecastBin, ["-c", path.join(dir, "icecast.xml")], { stdio });
    icecast.on("exit", () => (icecast = null));
    for (let i = 0; (await mountStatus(port)) === null; i++) {
      if (i > 100 || !icecast)
        throw new Error(`Icecast did not start on port ${port} (see ${dir})`);
      await sleep(100);
    }
    // -re: send in real time, as a live encoder does.
    ffmpeg = spawn(
      ffmpegBin,
      [
        ...["-hide_banner", "-loglevel", "error", "-nostdin", "-re"],
        ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100"],
        ...["-c:a", "libmp3lame", "-b:a", "128k", "-content_type", "audio/mpeg", "-f", "mp3"],
        `icecast://source:${PASSWORD}@127.0.0.1:${port}${MOUNT}`,
      ],
      { stdio },
    );
    ffmpeg.on("exit", () => (ffmpeg = null));
    await waitForMount();
  }

  async function stop() {
    const children = /** @type {ChildProcess[]} */ ([ffmpeg, icecast].filter(Boolean));
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(
      children.map(
        (child) =>
          /** @type {Promise<void>} */ (
            new Promise((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              const force = setTimeout(() => child.kill("SIGKILL"), 3000);
              child.on("exit", () => {
                clearTimeout(force);
                resolve();
              });
            })
          ),
      ),
    );
    ffmpeg = icecast = null;
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  }

  /** How many listener requests for the mount Icecast has logged (on their close). */
  function streamRequests() {
    if (!dir) return 0;
    try {
      const log = readFileSync(path.join(dir, "access.log"), "utf8");
      return log.split("\n").filter((line) => line.includes(`"GET ${MOUNT}`)).length;
    } catch {
      return 0;
    }
  }

  await start();
  return { port, start, stop, waitForMount, streamRequests, close: stop };
}

async function main() {
  const args = process.argv.slice(2);
  const portFlag = args.indexOf("--port");
  const port = Number(portFlag >= 0 ? args[portFlag + 1] : 8076);
  const station = await startStation({ port });

  const socket = controlSocket(port);
  rmSync(socket, { force: true });
  mkdirSync(path.dirname(socket), { recursive: true });
  const control = http.createServer(async (req, res) => {
    try {
      if (req.url === "/stream-requests") {
        res.writeHead(200).end(String(station.streamRequests()));
        return;
      }
      if (req.method === "POST" && req.url === "/stop") await station.stop();
      else if (req.method === "POST" && req.url === "/start") await station.start();
      else if (req.url === "/ready") await station.waitForMount();
      else {
        res.writeHead(404).end("unknown order");
        return;
      }
      res.writeHead(200).end("ok");
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  control.listen(socket);

  const shutdown = async () => {
    control.close();
    rmSync(socket, { force: true });
    await station.close();
    process.exit(0);
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
  console.log(`station on http://127.0.0.1:${port}${MOUNT}, control ${socket}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
