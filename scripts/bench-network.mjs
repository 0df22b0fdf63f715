#!/usr/bin/env node
/**
 * `npm run bench:network` (also the last part of `npm run bench`), or
 * `node scripts/bench-network.mjs [--publications 3000] [--visit 300] [--build]`:
 * one production server and one Redis with a generated network of 3,000 publications
 * (PUBLICATIONS_FILE), measured, never asserted:
 *  - time to start (to /api/health answering) with the file, and without it;
 *  - resident memory at idle, after 300 publications have each been visited (home, local news,
 *    sports, terms: four pages each), and after 300 more: memory must not hold every
 *    publication's pages;
 *  - feed reads for those 1,200 pages: the number of distinct feeds they show, not of
 *    publications (a feed is read once for every publication that lists it);
 *  - Redis bytes per publication (its pages; the shared feeds and sections counted apart).
 * The generated network: every publication lists the network's feeds; one in ten has a local
 * feed of its own (one of the stand-in's two town feeds), as a real network's towns would.
 * Needs Debian's redis-server, and a build (`npm run build`, or --build).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import standIn from "../e2e/env.cjs";
import instances from "../e2e/redis/instances.cjs";
import { flag, numberOption } from "./lib/options.mjs";
import {
  ROOT as root,
  nextBuild,
  onStop,
  run,
  sleep,
  startStandIn,
  stop,
  waitFor,
} from "./lib/processes.mjs";
import { requireSystemPrograms } from "./system-programs.mjs";

const { appEnv, STAND_IN_URL } = standIn;
const { copyBuild, freePort, startRedis } = instances;
const PUBLICATIONS = numberOption("--publications", 3000);
const VISIT = numberOption("--visit", 300);
const PAGES = ["/", "/local", "/sports", "/terms"];

requireSystemPrograms("bench");

function ask(port, host, pathname) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: pathname, headers: { host } }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode));
      })
      .on("error", reject);
  });
}

/** Resident memory of a process, MB (Linux). */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)[1]) / 1024;
}

const redisCli = (redis, ...a) =>
  execFileSync("redis-cli", ["-p", String(redis.port), ...a], { encoding: "utf8" });
const redisUsed = (redis) =>
  Number(redisCli(redis, "info", "memory").match(/used_memory:(\d+)/)[1]);

if (flag("--build")) {
  await nextBuild({ env: appEnv({ siteUrl: "http://localhost:3000" }), stdio: "inherit" });
}

// The stand-in plays every feed and the blog host.
await startStandIn();

// The network's file.
const dir = path.join(root, "e2e", ".tmp");
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `publications-bench-${PUBLICATIONS}.json`);
const TOWN_FEEDS = ["lakeside-local", "hillcountry-local"];
const hostOf = (i) => `p${String(i).padStart(4, "0")}.network.example`;
const publications = Array.from({ length: PUBLICATIONS }, (_, i) => ({
  url: `https://${hostOf(i)}`,
  name: `The Town ${i} Gazette`,
  town: `Town ${i}`,
  revalidateSecret: `editors-of-town-${i}-gazette`,
  ...(i % 10 === 0
    ? { feeds: { local: [`${STAND_IN_URL}/feeds/${TOWN_FEEDS[(i / 10) % 2]}.xml`] } }
    : {}),
}));
writeFileSync(file, JSON.stringify({ publications }));
console.log(
  `A network of ${PUBLICATIONS} publications (${(readFileSync(file).length / 1024).toFixed(0)} kB file), Node ${process.version}`,
);

const redis = await startRedis();
onStop(() => redis.cleanup());
const env = {
  ...appEnv({ siteUrl: "http://localhost:3000", blog: "functions" }),
  REDIS_URL: redis.url,
};

/** The production server on a fresh copy of the build; resolves once /api/health answers. */
async function startServer(extra) {
  const instanceDir = copyBuild();
  const port = await freePort();
  const started = performance.now();
  const child = run(process.execPath, [path.join(root, "server.mjs"), "-p", String(port)], {
    env: { ...env, ...extra },
    cwd: instanceDir,
  });
  // Polled often: the time to start is one of the figures.
  await waitFor(async () => (await ask(port, "localhost", "/api/health")) === 200, {
    what: "the server",
    timeoutMs: 120_000,
    intervalMs: 20,
  });
  return { child, port, dir: instanceDir, startMs: performance.now() - started };
}
async function stopServer(server) {
  await stop(server.child);
  rmSync(server.dir, { recursive: true, force: true });
}

// 1. Start-up: without the file (one publication), then with it.
const starts = { embedded: [], network: [] };
for (let round = 0; round < 3; round++) {
  for (const [kind, extra] of [
    ["embedded", {}],
    ["network", { PUBLICATIONS_FILE: file }],
  ]) {
    const server = await startServer(extra);
    starts[kind].push(server.startMs);
    await stopServer(server);
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log("\nTime to start (spawn to /api/health answering, median of 3):");
console.log(`  one publication (no file)         ${median(starts.embedded).toFixed(0)} ms`);
console.log(`  ${PUBLICATIONS} publications               ${median(starts.network).toFixed(0)} ms`);

// 2. Memory and feed reads while publications are visited.
redisCli(redis, "flushall");
const server = await startServer({ PUBLICATIONS_FILE: file });
await sleep(2_000);
const idle = rssMb(server.child.pid);
const hitsBefore = await (await fetch(`${STAND_IN_URL}/__control/hits`)).json();
const usedBefore = redisUsed(redis);

async function visit(from, count) {
  const started = performance.now();
  for (let i = from; i < from + count; i++) {
    for (const page of PAGES) {
      const status = await ask(server.port, hostOf(i), page);
      if (status !== 200) throw new Error(`${hostOf(i)}${page}: ${status}`);
    }
  }
  return performance.now() - started;
}

const firstMs = await visit(0, VISIT);
await sleep(1_000);
const afterFirst = rssMb(server.child.pid);
const hitsAfter = await (await fetch(`${STAND_IN_URL}/__control/hits`)).json();
const usedAfter = redisUsed(redis);
const secondMs = await visit(VISIT, VISIT);
await sleep(1_000);
const afterSecond = rssMb(server.child.pid);

const feedReads = Object.entries(hitsAfter)
  .filter(([pathname]) => pathname.startsWith("/feeds/"))
  .map(([pathname, hits]) => [pathname, hits - (hitsBefore[pathname] ?? 0)])
  .filter(([, reads]) => reads > 0);
const totalReads = feedReads.reduce((sum, [, reads]) => sum + reads, 0);

console.log(`\nVisiting publications (${PAGES.join(", ")} on each, one request at a time):`);
console.log(`  resident memory at idle             ${idle.toFixed(0)} MB`);
console.log(
  `  after ${VISIT} publications (${VISIT * PAGES.length} pages rendered, ${(firstMs / 1000).toFixed(1)} s)  ${afterFirst.toFixed(0)} MB`,
);
console.log(
  `  after ${VISIT} more (${(secondMs / 1000).toFixed(1)} s)             ${afterSecond.toFixed(0)} MB`,
);
console.log(
  `  feed reads for the first ${VISIT * PAGES.length} pages: ${totalReads}, for ${feedReads.length} distinct feeds (${feedReads.map(([p, n]) => `${p.replace("/feeds/", "")} ${n}`).join(", ")})`,
);

// 3. Redis: what the pages of one publication take.
const keys = redisCli(redis, "--scan").split("\n").filter(Boolean);
const perPublication = keys.filter(
  (key) => key.includes(`/${hostOf(1)}/`) || key.endsWith(`/${hostOf(1)}`),
);
let pageBytes = 0;
for (const key of perPublication) pageBytes += Number(redisCli(redis, "memory", "usage", key));
console.log("\nRedis:");
console.log(
  `  used_memory grew ${((usedAfter - usedBefore) / 1024 / 1024).toFixed(1)} MB for ${VISIT} publications: ${((usedAfter - usedBefore) / VISIT / 1024).toFixed(0)} kB each (pages, and the shared feeds and sections once)`,
);
console.log(
  `  one publication's own keys: ${perPublication.length}, ${(pageBytes / 1024).toFixed(0)} kB (MEMORY USAGE)`,
);
console.log(`  keys in all: ${keys.length}`);

await stopServer(server);
await redis.cleanup();
process.exit(0);
