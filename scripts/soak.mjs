#!/usr/bin/env node
/**
 * `npm run soak`: the whole stack through a bad hour, on this machine.
 *
 * It starts what production runs, from the shipped configuration and one build:
 * - the cache tier (deploy/nginx/riverbend.conf, through scripts/start-cached.mjs's rewrite of its
 *   addresses) in front of TWO production servers (server.mjs), each on its own copy of the build;
 * - one Redis shared by both (REDIS_URL), a network of SOAK_PUBLICATIONS publications
 *   (PUBLICATIONS_FILE), the stand-in upstreams (feeds with real-size photos, the blog's functions
 *   host) and a real Icecast station.
 *
 * For SOAK_MINUTES (default 30) SOAK_READERS readers (default 48), each from its own loopback
 * address as readers come from their own, read as people do: a share link with tracking
 * parameters or a section as the way in, then links followed on the page (half of them as the
 * client router's payload requests), the page's photos, a search now and then, a dead link, the
 * radio for a few seconds. Editors publish a headline every minute.
 *
 * Meanwhile, in turn, one minute each with a calm minute between: every feed fails (errors and
 * hangs), the blog's host fails, instance B is killed (SIGKILL) and comes back, Redis stops and
 * comes back empty.
 *
 * Every minute it prints the requests, the failed ones (no answer within 10 s, a cut answer, or
 * an answer other than the one expected: 429 and 5xx included), the 5xx answers, p99, each
 * process's resident memory (and each instance's JavaScript heap), the disk each cache holds and
 * Redis's memory. At the end it checks the bounds below and exits 1 when one is broken:
 * - no failed request and no 5xx;
 * - p99 within SOAK_P99_MS (default 1000);
 * - each instance within INSTANCE_MEMORY_MB (docs/memory.md, for one instance) and, after
 *   warm-up (WARM_UP_MINUTES after the instance started), flat: every minute's mean within 15%
 *   of the instance's median minute;
 * - nginx's cache, each instance's disk and Redis within the sizes configured for them.
 *
 * Not part of `npm test`. Needs what the bench needs (scripts/setup.mjs bench installs or names
 * it). `--no-build` uses the build already in .next (built with the same environment).
 */
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { createClient } from "redis";
import standIn from "../e2e/env.cjs";
import instances from "../e2e/redis/instances.cjs";
import catalogue from "../e2e/stand-in/catalogue.cjs";
import { startStation } from "../e2e/radio/station.mjs";
import {
  ROOT as root,
  instanceHeapMb,
  isStopping,
  nextBuild,
  onStop,
  run,
  sleep,
  stopAll,
  waitFor,
} from "./lib/processes.mjs";
import { chownTree, localConfig, mainConfig } from "./start-cached.mjs";
import { requireSystemPrograms } from "./system-programs.mjs";

/**
 * @import { Agent, IncomingMessage } from "node:http"
 * @import { Readable } from "node:stream"
 * @import { Instance } from "../e2e/redis/instances.cjs"
 */
/** @typedef {Instance & { name: "A" | "B"; startedAt: number }} Soaked an instance, A or B */
/**
 * A reader: the loopback address it comes from, its connections, the publication it reads now,
 * what it accepts, and whether it is a phone (the narrowest photo).
 * @typedef {{ address: string; agent: Agent; host: string; encoding: string; phone: boolean }} Reader
 */
/**
 * A request's outcome: its status (0: no answer), whether it was the one expected, why not.
 * @typedef {{
 *   status: number;
 *   ok: boolean;
 *   why: string | undefined;
 *   ms: number;
 *   host: string;
 *   path: string;
 *   body?: string;
 * }} Outcome
 */
/**
 * One minute's figures, by kind of request where it says so.
 * @typedef {{
 *   requests: number;
 *   failed: number;
 *   slow: number;
 *   slowByKind: Record<string, number>;
 *   fiveXX: number;
 *   latencies: number[];
 *   latenciesByKind: Record<string, number[]>;
 *   byKind: Record<string, number>;
 *   examples: string[];
 *   streamsCut: number;
 * }} Minute
 */
/** @typedef {{ start: () => Promise<unknown>; end: () => Promise<unknown> }} Phase */
/** @typedef {{ mean: number; heap: { heap: number; external: number } | null }} InstanceMemory */
/**
 * A minute's line of the report.
 * @typedef {{
 *   minute: number;
 *   phase: string;
 *   requests: number;
 *   failed: number;
 *   fiveXX: number;
 *   p99: number;
 *   p99ByKind: Record<string, number>;
 *   a: InstanceMemory;
 *   b: InstanceMemory;
 *   nginxMb: number;
 *   redis: { used: number; rss: number } | null;
 *   disk: { a: number; b: number; tier: number };
 * }} Row
 */

const { appEnv, standInArgs, STAND_IN_URL, RADIO_PORT } = standIn;
const { freePort, startRedis, startInstance } = instances;
const { SECTION_FEEDS } = catalogue;

const number = (/** @type {string} */ name, /** @type {number} */ fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const MINUTES = number("SOAK_MINUTES", 30);
const READERS = Math.min(number("SOAK_READERS", 48), 250);
const PUBLICATIONS = number("SOAK_PUBLICATIONS", 12);
const P99_BOUND_MS = number("SOAK_P99_MS", 1000);
/** One instance's resident memory may not go over this (docs/memory.md). */
const INSTANCE_MEMORY_MB = 640;
/** An instance's memory is judged from this long after it started. */
const WARM_UP_MINUTES = 3;
const FLAT_WITHIN = 0.15;
/** The tier's max_size (deploy/nginx/riverbend.conf) and the photo cache's default. */
const TIER_DISK_MB = 2048;
const INSTANCE_DISK_MB = 1024 + 512;
const REDIS_MEMORY_MB = 256;
/** A request unanswered this long has failed; one over SLOW_MS is counted as slow. */
const REQUEST_TIMEOUT_MS = 30_000;
const SLOW_MS = 10_000;
/** Readers arrive over this long, as a morning's do, not in one millisecond. */
const ARRIVAL_MS = 30_000;
const FEED_REVALIDATE_SECONDS = 60;
/** The local feeds some publications have (the stand-in's two towns). */
const TOWN_FEEDS = ["lakeside-local", "hillcountry-local"];

const log = (/** @type {string} */ line) => console.log(line);

requireSystemPrograms("bench");

// ---------------------------------------------------------------------------------------------
// The stack
// ---------------------------------------------------------------------------------------------

/**
 * A network: the sample three publications' kind, generated; one in three has a local feed.
 * @param {string} dir
 * @param {number} count
 */
function writePublications(dir, count) {
  const publications = Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(2, "0");
    return {
      url: `http://town${n}.example`,
      name: `The Town ${n} Courier`,
      town: `Town ${n}`,
      ...(i % 3 === 1
        ? {
            feeds: {
              local: [`${STAND_IN_URL}/feeds/${TOWN_FEEDS[i % 2]}.xml`],
            },
          }
        : {}),
    };
  });
  const file = path.join(dir, "publications.json");
  writeFileSync(file, JSON.stringify({ publications }, null, 2));
  return publications.map((p) => new URL(p.url).host);
}

const work = mkdtempSync(path.join(os.tmpdir(), "riverbend-soak-"));
onStop(() => rmSync(work, { recursive: true, force: true }));
const hosts = writePublications(work, PUBLICATIONS);
const tierPort = await freePort();
const appEnvironment = {
  ...appEnv({
    siteUrl: `http://127.0.0.1:${tierPort}`,
    feedRevalidateSeconds: FEED_REVALIDATE_SECONDS,
    blog: "functions",
  }),
  PUBLICATIONS_FILE: path.join(work, "publications.json"),
};

if (!process.argv.includes("--no-build")) {
  log("building…");
  await nextBuild({ env: appEnvironment, stdio: "inherit" });
}

const standInLog = path.join(work, "stand-in.log");
const standInProcess = run(process.execPath, standInArgs(), {
  stdio: ["ignore", "pipe", "pipe"],
});
// Both piped.
for (const stream of /** @type {Readable[]} */ ([standInProcess.stdout, standInProcess.stderr])) {
  stream.on("data", (chunk) => appendFileSync(standInLog, chunk));
}
standInProcess.on("exit", (code, signal) => {
  if (isStopping()) return;
  console.error(`the stand-in upstreams stopped (${signal ?? code}):`);
  console.error(readFileSync(standInLog, "utf8").slice(-3000));
  stopAll(1);
});
await waitFor(`${STAND_IN_URL}/__health`, { what: "the stand-in" });
// The stand-in draws each photo the first time it is asked (one at a time, on its one thread);
// a real photo host serves them at once. So every photo of the feeds is asked for once before
// the readers come, or the first minute would measure the stand-in.
{
  const warming = performance.now();
  const feeds = [...new Set(Object.values(SECTION_FEEDS).flat())].concat(TOWN_FEEDS);
  const photos = new Set();
  for (const id of feeds) {
    const xml = await (await fetch(`${STAND_IN_URL}/feeds/${id}.xml`)).text();
    for (const [address] of xml.matchAll(/http:\/\/127\.0\.0\.1:\d+\/photos\/[^"<\s]+\.jpg/g))
      photos.add(address);
  }
  for (const address of photos) await (await fetch(address)).arrayBuffer();
  log(
    `photo host ready: ${photos.size} photos drawn in ${((performance.now() - warming) / 1000).toFixed(1)} s`,
  );
}
const station = await startStation({ port: RADIO_PORT });
onStop(() => station.stop());
const redis = await startRedis();
onStop(() => redis.cleanup());
// MALLOC_ARENA_MAX as `npm start` sets it (docs/memory.md).
const instanceEnv = {
  ...appEnvironment,
  REDIS_URL: redis.url,
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
};
// Named and timed just below.
const [a, b] = /** @type {[Soaked, Soaked]} */ (
  await Promise.all(
    [await freePort(), await freePort()].map((port) => startInstance({ port, env: instanceEnv })),
  )
);
onStop(() => a.cleanup());
onStop(() => b.cleanup());
a.name = "A";
b.name = "B";
a.startedAt = b.startedAt = Date.now();

// Its own folder: nginx's workers (nobody, when run as root) must reach it.
const tierDir = mkdtempSync(path.join(os.tmpdir(), "riverbend-nginx-"));
onStop(() => rmSync(tierDir, { recursive: true, force: true }));
mkdirSync(path.join(tierDir, "cache"));
writeFileSync(
  path.join(tierDir, "riverbend.conf"),
  localConfig(readFileSync(path.join(root, "deploy/nginx/riverbend.conf"), "utf8"), {
    port: tierPort,
    nextPorts: [a.port, b.port],
    dir: tierDir,
  }),
);
writeFileSync(path.join(tierDir, "nginx.conf"), mainConfig(tierDir));
if (process.getuid?.() === 0) chownTree(tierDir, 65534, 65534);
const nginx = run("/usr/sbin/nginx", ["-p", tierDir, "-c", path.join(tierDir, "nginx.conf")]);
await waitFor(async () => (await fetch(`http://127.0.0.1:${tierPort}/api/health`)).ok, {
  what: "nginx",
});

log(
  `soak: ${MINUTES} min, ${READERS} readers, ${PUBLICATIONS} publications; tier :${tierPort} -> ` +
    `A :${a.port}, B :${b.port}; Redis :${redis.port}; stand-in ${STAND_IN_URL}; radio :${RADIO_PORT}`,
);

// ---------------------------------------------------------------------------------------------
// Readers
// ---------------------------------------------------------------------------------------------

const SECTIONS = Object.keys(SECTION_FEEDS);
const ENTRY_PAGES = ["/", "/", "/", ...SECTIONS.map((s) => `/${s}`), "/blog", "/radio", "/books"];
const SHARE_TAILS = [
  "?utm_source=facebook&utm_medium=social&utm_campaign=share",
  "?utm_source=twitter&utm_medium=social",
  "?fbclid=IwAR2x",
  "?utm_source=newsletter&utm_medium=email&utm_campaign=morning",
  "?gclid=Cj0KCQ",
];
const SEARCH_WORDS = [
  "council",
  "river",
  "school",
  "storm",
  "market",
  "game",
  "budget",
  "festival",
];
/**
 * The router state a navigation from the home page sends (Next-Router-State-Tree), in Next
 * 16's shape: [segment, parallel routes, url, refresh marker, flags (a number), …]. The fifth
 * element was `true` (an older Next's "is root layout"): Next 16 could not parse it and
 * answered /search, the one dynamic page, with 500.
 */
const STATE_TREE = encodeURIComponent(
  JSON.stringify(["", { children: ["__PAGE__", {}, null, null] }, null, null]),
);
/**
 * One of `list`, at random (an index within it; of none, undefined: no list here is empty).
 * @template T
 * @param {readonly T[]} list
 * @returns {T}
 */
const pick = (list) => /** @type {T} */ (list[Math.floor(Math.random() * list.length)]);

const PAYLOAD_HEADERS = {
  navigation: { rsc: "1", "next-router-state-tree": STATE_TREE },
  prefetch: { rsc: "1", "next-router-prefetch": "1" },
};
/**
 * The `_rsc` the client router sends with each kind of payload request. It is derived from the
 * request's router headers only; Next answers a payload request without it with a redirect
 * that names it, so it is learnt from the app once, as a browser would be sent there.
 */
/** @type {Record<string, string>} */
const RSC_PARAM = {};
for (const [kind, headers] of Object.entries(PAYLOAD_HEADERS)) {
  /** @type {IncomingMessage} */
  const answer = await new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port: a.port, path: "/", headers: { ...headers, host: hosts[0] } })
      .on("response", (response) => resolve(response.resume()))
      .on("error", reject);
  });
  const location = answer.headers.location;
  const value = location && new URL(location, "http://x").searchParams.get("_rsc");
  if (!value) throw new Error(`the app named no _rsc for a ${kind} payload (${answer.statusCode})`);
  RSC_PARAM[kind] = value;
}

/** This minute's figures. @returns {Minute} */
function freshMinute() {
  return {
    requests: 0,
    failed: 0,
    slow: 0,
    slowByKind: {},
    fiveXX: 0,
    latencies: [],
    latenciesByKind: {},
    byKind: {},
    examples: [],
    streamsCut: 0,
  };
}
let minute = freshMinute();
/** @type {Pick<Minute, "requests" | "failed" | "slow" | "slowByKind" | "fiveXX" | "streamsCut" | "byKind">} */
const totals = {
  requests: 0,
  failed: 0,
  slow: 0,
  slowByKind: {},
  fiveXX: 0,
  streamsCut: 0,
  byKind: {},
};
/**
 * "search 2400, photo 900, page 310": the three kinds with the highest p99, in ms (not the
 * radio, whose time is the listening).
 * @param {Record<string, number>} p99ByKind
 */
const slowestKinds = (p99ByKind) =>
  Object.entries(p99ByKind)
    .filter(([kind]) => kind !== "radio")
    .sort((x, y) => y[1] - x[1])
    .slice(0, 3)
    .map(([kind, ms]) => `${kind} ${ms.toFixed(0)}`)
    .join(", ");
/** "photo 10, page 2": counts by kind, most first. */
const byKindText = (/** @type {Record<string, number>} */ counts) =>
  Object.entries(counts)
    .sort((x, y) => y[1] - x[1])
    .map(([kind, count]) => `${kind} ${count}`)
    .join(", ");

/** @param {string} kind @param {Outcome} outcome */
function record(kind, outcome) {
  minute.requests++;
  minute.latencies.push(outcome.ms);
  (minute.latenciesByKind[kind] ??= []).push(outcome.ms);
  if (outcome.ms > SLOW_MS) {
    minute.slow++;
    minute.slowByKind[kind] = (minute.slowByKind[kind] ?? 0) + 1;
  }
  minute.byKind[kind] = (minute.byKind[kind] ?? 0) + 1;
  const fiveXX = outcome.status >= 500;
  if (fiveXX) minute.fiveXX++;
  if (!outcome.ok) {
    minute.failed++;
    if (minute.examples.length < 5)
      minute.examples.push(`${kind} ${outcome.host}${outcome.path}: ${outcome.why}`);
  }
}

/**
 * One request through the tier. Resolves with its status and time; the body when asked.
 * `expect`: the statuses a reader should get.
 * @param {Reader} reader
 * @param {string} pathname
 * @param {{ headers?: Record<string, string>; keepBody?: boolean; expect?: number[] }} [options]
 * @returns {Promise<Outcome>}
 */
function get(reader, pathname, { headers = {}, keepBody = false, expect = [200] } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    let settled = false;
    /** @param {number} status @param {string} [why] */
    const done = (status, why, body = "") => {
      if (settled) return;
      settled = true;
      const ok = !why && expect.includes(status);
      resolve({
        status,
        ok,
        why: why ?? (ok ? "" : `status ${status}`),
        ms: performance.now() - started,
        body,
        host: reader.host,
        path: pathname,
      });
    };
    const request = http.get(
      {
        host: "127.0.0.1",
        port: tierPort,
        path: pathname,
        localAddress: reader.address,
        agent: reader.agent,
        headers: { host: reader.host, "accept-encoding": reader.encoding, ...headers },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        // An answer to a request has its status.
        const status = /** @type {number} */ (response.statusCode);
        /** @type {Buffer[]} */
        const chunks = [];
        response.on("data", (chunk) => keepBody && chunks.push(chunk));
        response.on("aborted", () => done(status, "answer cut"));
        response.on("error", () => done(status, "answer cut"));
        response.on("end", () => {
          let body = "";
          if (keepBody && response.headers["content-encoding"] !== "gzip")
            body = Buffer.concat(chunks).toString("utf8");
          else if (keepBody) {
            try {
              body = gunzipSync(Buffer.concat(chunks)).toString("utf8");
            } catch {
              return done(status, "gzip body does not inflate");
            }
          }
          done(status, undefined, body);
        });
      },
    );
    request.on("timeout", () => {
      request.destroy();
      done(0, `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`);
    });
    request.on("error", (/** @type {NodeJS.ErrnoException} */ error) =>
      done(0, error.code ?? error.message),
    );
  });
}

/**
 * The site's own links and photos on a page.
 * @param {string} html
 * @returns {{ links: string[]; photos: [id: string, widths: string[]][] }}
 */
function linksOf(html) {
  /** @type {Set<string>} */
  const links = new Set();
  // The groups of these patterns always take part in a match.
  const hrefs = /** @type {Iterable<[string, string]>} */ (
    html.matchAll(/<a [^>]*href="(\/[^"#]*)"/g)
  );
  for (const [, href] of hrefs) {
    if (href.startsWith("/api/") || href.startsWith("/_next/")) continue;
    links.add(href.replaceAll("&amp;", "&"));
  }
  // Each photo once, at one of its widths, as a browser picks one from the srcset.
  /** @type {Map<string, string[]>} */
  const widths = new Map();
  const photoAddresses = /** @type {Iterable<[string, string, string]>} */ (
    html.matchAll(/\/photo\/([A-Za-z0-9_-]+)\/(\d+)\.webp/g)
  );
  for (const [, id, width] of photoAddresses) {
    widths.set(id, [...(widths.get(id) ?? []), width]);
  }
  return { links: [...links], photos: [...widths].map(([id, list]) => [id, list]) };
}

/** @param {Reader} reader @returns {Promise<Outcome>} */
async function listen(reader) {
  const started = performance.now();
  const seconds = 2 + Math.random() * 6;
  return new Promise((resolve) => {
    const request = http.get(
      {
        host: "127.0.0.1",
        port: tierPort,
        path: `/api/stream?port=${RADIO_PORT}`,
        localAddress: reader.address,
        agent: false,
        headers: { host: reader.host },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        // An answer to a request has its status.
        const status = /** @type {number} */ (response.statusCode);
        let bytes = 0;
        const outcome = () => ({
          status,
          ms: performance.now() - started,
          host: reader.host,
          path: "/api/stream",
        });
        const timer = setTimeout(() => {
          request.destroy();
          const ok = status === 200 && bytes > 0;
          resolve({
            ...outcome(),
            ok,
            why: ok ? "" : `status ${status}, ${bytes} bytes`,
          });
        }, seconds * 1000);
        response.on("data", (chunk) => (bytes += chunk.length));
        response.on("end", () => {
          clearTimeout(timer);
          // The instance it came through went away: counted apart (a stream cannot move).
          minute.streamsCut++;
          resolve({
            ...outcome(),
            ok: status === 200,
            why: `status ${status}`,
          });
        });
        response.on("error", () => {});
      },
    );
    request.on("timeout", () => request.destroy());
    request.on("error", (/** @type {NodeJS.ErrnoException} */ error) =>
      resolve({
        status: 0,
        ok: false,
        why: error.code,
        ms: 0,
        host: reader.host,
        path: "/api/stream",
      }),
    );
  });
}

let running = true;
/** @param {number} index */
async function reader(index) {
  await sleep((index / READERS) * ARRIVAL_MS);
  /** @type {Reader} */
  const self = {
    address: `127.0.${1 + Math.floor(index / 250)}.${2 + (index % 250)}`,
    agent: new http.Agent({ keepAlive: true, maxSockets: 4 }),
    host: pick(hosts),
    encoding: Math.random() < 0.9 ? "gzip, deflate, br" : "identity",
    phone: Math.random() < 0.7,
  };
  const think = () => sleep(20 + Math.random() * 180);
  while (running) {
    // A visit: one publication, a way in, a few links.
    self.host = pick(hosts);
    const entry = pick(ENTRY_PAGES);
    const way = Math.random() < 0.3 ? entry + pick(SHARE_TAILS) : entry;
    const first = await get(self, way, { keepBody: true });
    record(way === entry ? "page" : "share link", first);
    let page = first.body ? linksOf(first.body) : { links: [], photos: [] };
    for (const [id, widths] of page.photos.slice(0, 6)) {
      const photo = `/photo/${id}/${self.phone ? widths[0] : (widths.at(-2) ?? widths[0])}.webp`;
      if (!running) break;
      // A photo its host cannot give sends the browser to the default photo (302).
      const accept = "image/avif,image/webp,*/*";
      record("photo", await get(self, photo, { headers: { accept }, expect: [200, 302] }));
    }
    const steps = 1 + Math.floor(Math.random() * 4);
    for (let step = 0; step < steps && running; step++) {
      await think();
      const roll = Math.random();
      if (roll < 0.06) {
        const q = encodeURIComponent(pick(SEARCH_WORDS));
        record("search", await get(self, `/search?q=${q}`));
      } else if (roll < 0.1) {
        const dead = `/${pick(SECTIONS)}/${Math.random().toString(36).slice(2, 8)}`;
        record("404", await get(self, dead, { expect: [404] }));
      } else if (roll < 0.12) {
        record("radio", await listen(self));
      } else if (page.links.length) {
        const link = pick(page.links);
        if (Math.random() < 0.5) {
          // The client router: the page's payload, as a navigation or a prefetch.
          const prefetch = Math.random() < 0.5;
          const kind = prefetch ? "prefetch" : "navigation";
          const sep = link.includes("?") ? "&" : "?";
          const outcome = await get(self, `${link}${sep}_rsc=${RSC_PARAM[kind]}`, {
            headers: PAYLOAD_HEADERS[kind],
            expect: [200, 404],
          });
          record(prefetch ? "prefetch" : "payload", outcome);
        } else {
          const next = await get(self, link, { keepBody: true, expect: [200, 308] });
          record("page", next);
          if (next.body) page = linksOf(next.body);
        }
      }
    }
    await think();
  }
}

// ---------------------------------------------------------------------------------------------
// Failures, in turn
// ---------------------------------------------------------------------------------------------

const FEED_PATHS = [...new Set(Object.values(SECTION_FEEDS).flat())].map(
  (id) => `/feeds/${id}.xml`,
);
const BLOG_PATHS = ["/functions/v1/get_metainfo", "/functions/v1/get_details"];
/** @param {string} pathname @param {object} [body] */
async function control(pathname, body) {
  await fetch(`${STAND_IN_URL}${pathname}`, {
    method: "POST",
    body: body ? JSON.stringify(body) : undefined,
  });
}
/** @param {string[]} paths @returns {Phase} */
const failing = (paths) => ({
  async start() {
    await Promise.all(
      paths.map((p, i) =>
        control("/__control/override", {
          path: p,
          ...(i % 3 === 2 ? { mode: "hang" } : { mode: "status", status: i % 2 ? 500 : 503 }),
        }),
      ),
    );
  },
  async end() {
    await Promise.all(paths.map((p) => control(`/__control/clear?path=${encodeURIComponent(p)}`)));
  },
});
const PHASES = {
  calm: { start: async () => {}, end: async () => {} },
  "feeds fail": failing(FEED_PATHS),
  "blog host fails": failing(BLOG_PATHS),
  "instance B killed": {
    async start() {
      b.child?.kill("SIGKILL");
      await /** @type {Promise<void>} */ (
        new Promise((resolve) =>
          b.child?.exitCode === null ? b.child.once("exit", resolve) : resolve(),
        )
      );
      b.child = null;
    },
    async end() {
      await b.start();
      b.startedAt = Date.now();
    },
  },
  "Redis down": {
    start: () => redis.stop(),
    end: () => redis.start(),
  },
};
/** @type {(keyof typeof PHASES)[]} */
const ROTATION = [
  "calm",
  "feeds fail",
  "calm",
  "blog host fails",
  "calm",
  "instance B killed",
  "calm",
  "Redis down",
];

// ---------------------------------------------------------------------------------------------
// Measures
// ---------------------------------------------------------------------------------------------

/** @param {number | undefined} pid */
function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}
/** A process and its children (nginx's workers). @param {number | undefined} pid */
function treeRssMb(pid) {
  let total = rssMb(pid);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) total += rssMb(Number(entry));
    } catch {
      // gone
    }
  }
  return total;
}
/** @param {string} dir */
function diskMb(dir) {
  let bytes = 0;
  const walk = (/** @type {string} */ at) => {
    let entries;
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        try {
          bytes += statSync(full).size;
        } catch {
          // gone
        }
      }
    }
  };
  walk(dir);
  return bytes / 1024 / 1024;
}
async function redisMemory() {
  const client = createClient({
    url: redis.url,
    socket: { connectTimeout: 500, reconnectStrategy: false },
  });
  client.on("error", () => {});
  try {
    await client.connect();
    const info = await client.info("memory");
    const field = (/** @type {string} */ name) =>
      Number(new RegExp(`${name}:(\\d+)`).exec(info)?.[1] ?? 0) / 1024 / 1024;
    return { used: field("used_memory"), rss: field("used_memory_rss") };
  } catch {
    return null;
  } finally {
    if (client.isOpen) await Promise.resolve(client.destroy()).catch(() => {});
  }
}
/** @param {number[]} values @param {number} p @returns {number} */
const percentile = (values, p) => {
  if (!values.length) return 0;
  const sorted = Float64Array.from(values).sort();
  // An index within the list, which is not empty.
  return /** @type {number} */ (
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
  );
};

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

const readers = Array.from({ length: READERS }, (_, i) => reader(i));
const started = Date.now();
/** @type {Record<"A" | "B", { minute: number; mb: number; peak: number; settled: boolean | null }[]>} */
const samples = { A: [], B: [] }; // { minute, mb, settled }
/** @type {Row[]} */
const rows = [];
/** @type {number[]} */
let allLatencies = [];
/** @type {Record<"A" | "B", number[]>} */
const rssSamples = { A: [], B: [] };
const sampler = setInterval(() => {
  for (const instance of [a, b]) {
    if (instance.child) rssSamples[instance.name].push(rssMb(instance.child.pid));
  }
}, 5000);

for (let m = 1; m <= MINUTES; m++) {
  const phaseName = /** @type {keyof typeof PHASES} an index within the list */ (
    ROTATION[(m - 1) % ROTATION.length]
  );
  const phase = PHASES[phaseName];
  await phase.start();
  control("/__control/headline", {
    feed: pick(FEED_PATHS).slice(7, -4),
    title: `Soak minute ${m}: the council meets again`,
    description: "An editor published this during the soak.",
  }).catch(() => {});
  await sleep(Math.max(0, started + m * 60_000 - Date.now() - 3000));
  await phase.end();
  await sleep(Math.max(0, started + m * 60_000 - Date.now()));

  const done = minute;
  minute = freshMinute();
  totals.requests += done.requests;
  totals.failed += done.failed;
  totals.slow += done.slow;
  totals.fiveXX += done.fiveXX;
  totals.streamsCut += done.streamsCut;
  for (const [kind, count] of Object.entries(done.byKind))
    totals.byKind[kind] = (totals.byKind[kind] ?? 0) + count;
  for (const [kind, count] of Object.entries(done.slowByKind))
    totals.slowByKind[kind] = (totals.slowByKind[kind] ?? 0) + count;
  allLatencies = allLatencies.concat(done.latencies);
  const memory = /** @type {Record<"A" | "B", InstanceMemory>} filled for both below */ ({});
  for (const instance of [a, b]) {
    const list = rssSamples[instance.name].splice(0);
    const mean = list.length ? list.reduce((x, y) => x + y, 0) / list.length : 0;
    const settled =
      instance.child && Date.now() - instance.startedAt > (WARM_UP_MINUTES + 1) * 60_000;
    samples[instance.name].push({ minute: m, mb: mean, peak: Math.max(0, ...list), settled });
    memory[instance.name] = {
      mean,
      // SOAK_PUBLICATIONS is positive: there is a first host.
      heap: instance.child
        ? await instanceHeapMb(instance.port, /** @type {string} */ (hosts[0]))
        : null,
    };
  }
  const redisMb = await redisMemory();
  /** @type {Row} */
  const row = {
    minute: m,
    phase: phaseName,
    requests: done.requests,
    failed: done.failed,
    fiveXX: done.fiveXX,
    p99: percentile(done.latencies, 99),
    p99ByKind: Object.fromEntries(
      Object.entries(done.latenciesByKind).map(([kind, ms]) => [kind, percentile(ms, 99)]),
    ),
    a: memory.A,
    b: memory.B,
    nginxMb: treeRssMb(nginx.pid),
    redis: redisMb,
    disk: {
      a: diskMb(path.join(a.dir, ".next")),
      b: diskMb(path.join(b.dir, ".next")),
      tier: diskMb(path.join(tierDir, "cache")),
    },
  };
  rows.push(row);
  const heap = (/** @type {InstanceMemory} */ m) =>
    m?.heap ? ` (heap ${m.heap.heap.toFixed(0)})` : "";
  log(
    `min ${String(m).padStart(2)} ${phaseName.padEnd(18)} req ${String(done.requests).padStart(6)}` +
      ` failed ${done.failed} over 10 s ${done.slow}${done.slow ? ` (${byKindText(done.slowByKind)})` : ""} 5xx ${done.fiveXX} p99 ${row.p99.toFixed(0)} ms (${slowestKinds(row.p99ByKind)}) |` +
      ` A ${memory.A.mean.toFixed(0)} MB${heap(memory.A)} B ${memory.B.mean.toFixed(0)} MB${heap(memory.B)}` +
      ` nginx ${row.nginxMb.toFixed(0)} MB redis ${redisMb ? redisMb.used.toFixed(1) : "-"} MB |` +
      ` disk A ${row.disk.a.toFixed(0)} B ${row.disk.b.toFixed(0)} tier ${row.disk.tier.toFixed(0)} MB` +
      (done.streamsCut ? ` | streams cut ${done.streamsCut}` : ""),
  );
  for (const example of done.examples) log(`    ${example}`);
}
running = false;
clearInterval(sampler);
await Promise.race([Promise.all(readers), sleep(REQUEST_TIMEOUT_MS + 1000)]);

// ---------------------------------------------------------------------------------------------
// Bounds
// ---------------------------------------------------------------------------------------------

/** @type {string[]} */
const broken = [];
const p99 = percentile(allLatencies, 99);
if (totals.failed) broken.push(`${totals.failed} failed requests`);
if (totals.fiveXX) broken.push(`${totals.fiveXX} 5xx answers`);
if (p99 > P99_BOUND_MS) broken.push(`p99 ${p99.toFixed(0)} ms over ${P99_BOUND_MS} ms`);
/** @type {Record<string, string>} */
const flatness = {};
for (const name of /** @type {const} */ (["A", "B"])) {
  const peak = Math.max(...samples[name].map((s) => s.peak));
  if (peak > INSTANCE_MEMORY_MB)
    broken.push(`instance ${name} reached ${peak.toFixed(0)} MB (bound ${INSTANCE_MEMORY_MB})`);
  const settled = samples[name].filter((s) => s.settled && s.mb > 0).map((s) => s.mb);
  if (settled.length < 2) {
    flatness[name] = "too few settled minutes to judge";
    continue;
  }
  const median = percentile(settled, 50);
  const low = Math.min(...settled);
  const high = Math.max(...settled);
  flatness[name] =
    `${low.toFixed(0)}–${high.toFixed(0)} MB over ${settled.length} settled minutes, median ${median.toFixed(0)}`;
  if (high > median * (1 + FLAT_WITHIN) || low < median * (1 - FLAT_WITHIN))
    broken.push(`instance ${name} not flat: ${flatness[name]}`);
}
// A row a minute, and SOAK_MINUTES is positive.
const last = /** @type {Row} */ (rows.at(-1));
const peakOf = (/** @type {(row: Row) => number} */ pick) => Math.max(...rows.map(pick));
if (peakOf((r) => r.disk.tier) > TIER_DISK_MB) broken.push("the tier's cache over its max_size");
if (peakOf((r) => Math.max(r.disk.a, r.disk.b)) > INSTANCE_DISK_MB)
  broken.push("an instance's disk over its bound");
if (peakOf((r) => r.redis?.used ?? 0) > REDIS_MEMORY_MB) broken.push("Redis over its bound");

log("");
log(`${MINUTES} minutes, ${READERS} readers, ${PUBLICATIONS} publications`);
log(`  requests:        ${totals.requests} (${(totals.requests / MINUTES / 60).toFixed(0)}/s)`);
log(`  failed:          ${totals.failed}`);
log(`  over 10 s:       ${totals.slow}${totals.slow ? ` (${byKindText(totals.slowByKind)})` : ""}`);
log(`  5xx to readers:  ${totals.fiveXX}`);
log(`  p99:             ${p99.toFixed(0)} ms (p50 ${percentile(allLatencies, 50).toFixed(1)} ms)`);
log(`  the mix:         ${byKindText(totals.byKind)}`);
log(`  radio streams cut by a restart: ${totals.streamsCut}`);
for (const name of /** @type {const} */ (["A", "B"]))
  log(
    `  instance ${name} memory: ${flatness[name]}; peak ${Math.max(...samples[name].map((s) => s.peak)).toFixed(0)} MB`,
  );
log(`  nginx memory:    ${peakOf((r) => r.nginxMb).toFixed(0)} MB peak`);
log(`  Redis memory:    ${peakOf((r) => r.redis?.used ?? 0).toFixed(1)} MB peak`);
log(
  `  disk at the end: A ${last.disk.a.toFixed(0)} MB, B ${last.disk.b.toFixed(0)} MB, tier ${last.disk.tier.toFixed(0)} MB`,
);
writeFileSync(
  path.join(root, ".next", "soak-report.json"),
  JSON.stringify({ totals, p99, rows, flatness, broken }, null, 2),
);
log(broken.length ? `\nOUT OF BOUNDS:\n  ${broken.join("\n  ")}` : "\nall within bounds");
await stopAll(broken.length ? 1 : 0);
