#!/usr/bin/env node
/**
 * `npm run bench:radio` (also the last part of `npm run bench`): measures, never asserts.
 * Starts a real Icecast station (e2e/radio/station.mjs: 128 kbit/s MP3) and the production
 * server, then holds 200 concurrent listeners on /api/stream for 30 s and prints:
 *  - the share of listeners that received at least 95% of the stream's bitrate in the window;
 *  - the server's peak memory (RSS) and CPU (average and busiest second);
 *  - the station connections left open once every listener has gone (target 0).
 *
 *   node scripts/bench-radio.mjs [--no-build] [--listeners 200] [--seconds 30]
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import standIn from "../e2e/env.cjs";
import { BITRATE, listenerCount, startStation } from "../e2e/radio/station.mjs";
import { flag, numberOption } from "./lib/options.mjs";
import { nextBuild, onStop, sleep, startSite } from "./lib/processes.mjs";

/** @import { ClientRequest } from "node:http" */

const { appEnv, RADIO_PORT } = standIn;
const LISTENERS = numberOption("--listeners", 200);
const SECONDS = numberOption("--seconds", 30);
const PORT = numberOption("--port", 3600);
const BASE = `http://127.0.0.1:${PORT}`;
const BYTES_PER_SECOND = BITRATE / 8;
const TICKS = Number(execFileSync("getconf", ["CLK_TCK"]).toString()) || 100;

/**
 * The pid of the process listening on a TCP port (the next-server worker, not npx).
 * @param {number} port
 */
function listeningPid(port) {
  const out = execFileSync("ss", ["-Hltnp", `sport = :${port}`]).toString();
  const match = /pid=(\d+)/.exec(out);
  if (!match) throw new Error(`nothing listens on ${port}`);
  return Number(match[1]);
}

/** @typedef {ReturnType<typeof processSample>} Sample */

/** @param {number} pid */
function processSample(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const cpuTicks = Number(fields[11]) + Number(fields[12]); // utime + stime
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (/** @type {string} */ name) =>
    Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { at: performance.now(), cpuTicks, rssKb: kb("VmRSS"), hwmKb: kb("VmHWM") };
}

/** Open TCP connections from a process to the station's port. @param {number} pid */
function stationConnections(pid) {
  const out = execFileSync("ss", ["-Htnp", "state", "established", `dport = :${RADIO_PORT}`]);
  return out
    .toString()
    .split("\n")
    .filter((line) => line.includes(`pid=${pid},`)).length;
}

/**
 * @typedef {{
 *   status: number;
 *   bytes: number;
 *   windowStart: number;
 *   headersMs: number;
 *   request: ClientRequest;
 * }} Listener
 */

/** @param {string} url @returns {Promise<Listener>} */
function listen(url) {
  return new Promise((resolve) => {
    const started = performance.now();
    // The answer comes on a later turn, once `listener` below is set.
    const request = http.get(url, { agent: false }, (response) => {
      listener.status = response.statusCode ?? 0;
      listener.headersMs = performance.now() - started;
      response.on("data", (chunk) => (listener.bytes += chunk.length));
      response.on("error", () => {});
      resolve(listener);
    });
    /** @type {Listener} */
    const listener = { status: 0, bytes: 0, windowStart: 0, headersMs: 0, request };
    request.on("error", () => resolve(listener));
  });
}

const station = await startStation({ port: RADIO_PORT });
onStop(() => station.close());
try {
  const env = { ...appEnv({ siteUrl: BASE }), RADIO_MAX_LISTENERS: String(LISTENERS + 100) };
  if (!flag("--no-build")) {
    console.log("building…");
    await nextBuild({ env });
  }
  await startSite({ port: PORT, env });
  const pid = listeningPid(PORT);
  // Warm the route once so that its first load is not counted.
  (await listen(`${BASE}/api/stream?port=${RADIO_PORT}`)).request.destroy();
  await sleep(1000);

  const before = processSample(pid);
  const listeners = await Promise.all(
    Array.from({ length: LISTENERS }, () => listen(`${BASE}/api/stream?port=${RADIO_PORT}`)),
  );
  // Let the initial burst Icecast sends every new listener pass, then measure a clean window.
  await sleep(2000);
  listeners.forEach((l) => (l.windowStart = l.bytes));
  /** @type {[Sample, ...Sample[]]} */
  const samples = [processSample(pid)];
  const windowStarted = performance.now();
  while (performance.now() - windowStarted < SECONDS * 1000) {
    await sleep(1000);
    samples.push(processSample(pid));
  }
  const windowSeconds = (performance.now() - windowStarted) / 1000;
  const received = listeners.map((l) => l.bytes - l.windowStart);
  const icecastPeak = await listenerCount(RADIO_PORT);
  listeners.forEach((l) => l.request.destroy());

  await sleep(3000);
  const after = processSample(pid);
  const leftIcecast = await listenerCount(RADIO_PORT);
  const leftSockets = stationConnections(pid);

  const ok = listeners.filter((l) => l.status === 200).length;
  const needed = 0.95 * BYTES_PER_SECOND * windowSeconds;
  const fullRate = received.filter((bytes) => bytes >= needed).length;
  const rates = received.map((bytes) => (bytes * 8) / windowSeconds / 1000).sort((a, b) => a - b);
  const headers = listeners.map((l) => l.headersMs).sort((a, b) => a - b);
  const busiest = Math.max(
    ...samples.slice(1).map((s, i) => {
      const previous = /** @type {Sample} the one before `s` */ (samples[i]);
      return ((s.cpuTicks - previous.cpuTicks) / TICKS / ((s.at - previous.at) / 1000)) * 100;
    }),
  );
  const last = /** @type {Sample} samples is never empty */ (samples.at(-1));
  const windowCpu = ((last.cpuTicks - samples[0].cpuTicks) / TICKS / windowSeconds) * 100;
  const pct = (/** @type {number} */ n) => `${((n / LISTENERS) * 100).toFixed(1)}%`;
  const mb = (/** @type {number} */ kb) => `${(kb / 1024).toFixed(0)} MB`;

  console.log(
    `\nRadio proxy: ${LISTENERS} concurrent listeners × ${windowSeconds.toFixed(0)} s, 128 kbit/s MP3 from Icecast on :${RADIO_PORT}`,
  );
  console.log(
    `  answered 200:                   ${ok}/${LISTENERS} (Icecast counted ${icecastPeak} listeners)`,
  );
  console.log(
    `  time to response headers:       median ${headers[Math.floor(LISTENERS / 2)]?.toFixed(0)} ms, max ${headers.at(-1)?.toFixed(0)} ms`,
  );
  console.log(`  received ≥ 95% of the bitrate:  ${fullRate}/${LISTENERS} (${pct(fullRate)})`);
  console.log(
    `  per-listener rate:              min ${rates[0]?.toFixed(1)}, median ${rates[Math.floor(LISTENERS / 2)]?.toFixed(1)} kbit/s`,
  );
  console.log(
    `  server memory (RSS):            ${mb(before.rssKb)} before, peak ${mb(Math.max(...samples.map((s) => s.rssKb)))} during, ${mb(after.hwmKb)} high-water mark`,
  );
  console.log(
    `  server CPU (one core = 100%):   ${windowCpu.toFixed(0)}% average, ${busiest.toFixed(0)}% busiest second`,
  );
  console.log(
    `  station connections left open:  ${leftSockets} sockets from the server, ${leftIcecast ?? "?"} listeners in Icecast (3 s after the listeners left)`,
  );
} finally {
  await station.close();
}
process.exit(0);
