#!/usr/bin/env node
/**
 * `npm run bench:network` (also the last part of `npm run bench`), or
 * `node scripts/bench-network.mjs [--publications 3000] [--visit 300] [--window 180] [--build]`:
 * one production server and one Redis with a generated network of 3,000 publications
 * (PUBLICATIONS_FILE), measured, never asserted:
 *  - time to start (to /api/health answering) with the file, and without it;
 *  - resident memory at idle, after 300 publications have each been visited (home, local news,
 *    sports, terms: four pages each), and after 300 more: memory must not hold every
 *    publication's pages;
 *  - feed reads for those 1,200 pages: the number of distinct feeds they show, not of
 *    publications (a feed is read once for every publication that lists it), the renders'
 *    reads told apart from the scheduler's polls (its metrics);
 *  - Redis bytes per publication (its pages; the shared feeds and sections counted apart);
 *  - freshness, with TWO instances on the Redis and short polling bounds (POLLING below):
 *    the stand-in's feed reads per minute over a window of --window seconds after a warm-up
 *    of one ceiling, against what the feeds' intervals allow (/api/feeds/status: the sum over
 *    feeds of 60 / interval), the gaps between each feed's polls (sampled there), and how
 *    each instance's riverbend_feed_polls_total splits them;
 *    then the renders that follow one feed's change: --visit publications' pages are cached,
 *    a headline is published on the feed every home page shows, and once the next poll has
 *    read it every page is asked for again: pages rendered anew (x-nextjs-cache: MISS) against
 *    the pages that show the feed, and the time from publishing to the first page showing it.
 * The generated network: every publication lists the network's feeds; one in ten has a local
 * feed of its own (one of the stand-in's two town feeds), as a real network's towns would.
 * Needs Debian's redis-server, and a build (`npm run build`, or --build). A summary of the
 * figures ends the output.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import standIn from "../e2e/env.cjs";
import catalogue from "../e2e/stand-in/catalogue.cjs";
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

/**
 * @import { IncomingHttpHeaders } from "node:http"
 * @import { Instance, RedisServer } from "../e2e/redis/instances.cjs"
 * @import { FeedStatus } from "../lib/news/admin/feed-status.ts"
 * @import { PollSchedule } from "../lib/news/schedule/scheduler.ts"
 */
/** @typedef {{ status: number | undefined; headers: IncomingHttpHeaders; body: string }} Answer */
/**
 * A feed of /api/feeds/status that has been polled.
 * @typedef {FeedStatus & { poll: PollSchedule }} Polled
 */

const { appEnv, REVALIDATE_SECRET, STAND_IN_URL } = standIn;
const { HOME_SECTION, SECTION_FEEDS } = catalogue;
const { copyBuild, freePort, startInstance, startRedis } = instances;
const PUBLICATIONS = numberOption("--publications", 3000);
const VISIT = numberOption("--visit", 300);
const WINDOW_SECONDS = numberOption("--window", 180);
const PAGES = ["/", "/local", "/sports", "/terms"];
/**
 * The freshness part's polling bounds, short so that a few minutes hold several polls of every
 * feed. The headlines' lifetime stays the default: the pages' own (`revalidate = 300` in
 * app/[publication]/[section]/page.tsx and app/[publication]/[[...path]]/page.tsx) caps a longer one.
 */
const POLLING = {
  FEED_POLL_MIN_SECONDS: "20",
  FEED_POLL_MAX_SECONDS: "60",
  FEED_REVALIDATE_SECONDS: "300",
};
const CEILING_SECONDS = Number(POLLING.FEED_POLL_MAX_SECONDS);
/** How long a visited page stays fresh: renders after a change are counted within it. */
const PAGE_LIFETIME_SECONDS = Number(POLLING.FEED_REVALIDATE_SECONDS);
/** Polls come up to this share of their interval early (JITTER in lib/news/schedule/poll-schedule.ts). */
const POLL_JITTER = 0.1;
/** The feed changed: the one every publication's home page shows (its breaking news). */
const CHANGED_FEED = SECTION_FEEDS[HOME_SECTION][0];
/** Whether a page of PAGES shows CHANGED_FEED: the home page only (/local, /sports: others). */
const showsChangedFeed = (/** @type {string} */ page) => page === "/";

requireSystemPrograms("bench");

/**
 * GET `pathname` of publication `host` on the server at `port`: { status, headers, body }.
 * @param {number} port
 * @param {string} host
 * @param {string} pathname
 * @param {Record<string, string>} [headers]
 * @returns {Promise<Answer>}
 */
function ask(port, host, pathname, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: "127.0.0.1", port, path: pathname, headers: { ...headers, host } },
        (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk) => (body += chunk));
          response.on("end", () =>
            resolve({ status: response.statusCode, headers: response.headers, body }),
          );
        },
      )
      .on("error", reject);
  });
}

/**
 * An operator's endpoint (/api/feeds/status, /api/metrics), asked as the first publication.
 * @param {number} port
 * @param {string} pathname
 */
async function operatorAsk(port, pathname) {
  const answer = await ask(port, hostOf(0), pathname, {
    authorization: `Bearer ${REVALIDATE_SECRET}`,
  });
  if (answer.status !== 200) throw new Error(`${pathname}: ${answer.status}`);
  return answer.body;
}
/** @param {number} port @returns {Promise<FeedStatus[]>} */
const feedStatuses = async (port) => JSON.parse(await operatorAsk(port, "/api/feeds/status")).feeds;
const metricsText = (/** @type {number} */ port) => operatorAsk(port, "/api/metrics");

/**
 * The sum of a metric's samples in Prometheus text, by the value of `label` ("" when not
 * grouped): a Map, value → sum.
 * @param {string} text
 * @param {string} name
 * @param {string} label
 */
function metricBy(text, name, label) {
  /** @type {Map<string, number>} */
  const sums = new Map();
  for (const [, labels = "", value] of text.matchAll(
    new RegExp(`^${name}(?:\\{([^}]*)\\})? (\\S+)$`, "gm"),
  )) {
    const key = label ? (labels.match(new RegExp(`${label}="([^"]*)"`))?.[1] ?? "") : "";
    sums.set(key, (sums.get(key) ?? 0) + Number(value));
  }
  return sums;
}
const metricSum = (/** @type {string} */ text, /** @type {string} */ name) =>
  metricBy(text, name, "").get("") ?? 0;
/**
 * How much a metric's sum grew from one scrape (`before`) to a later one (`after`).
 * @param {string} before
 * @param {string} after
 * @param {string} name
 */
const metricGrowth = (before, after, name) => metricSum(after, name) - metricSum(before, name);

/** The stand-in's reads of each feed so far, by path without "/feeds/" ("national.xml"). */
async function feedHits() {
  /** @type {Record<string, number>} */
  const hits = await (await fetch(`${STAND_IN_URL}/__control/hits`)).json();
  return new Map(
    Object.entries(hits)
      .filter(([pathname]) => pathname.startsWith("/feeds/"))
      .map(([pathname, count]) => [pathname.replace("/feeds/", ""), count]),
  );
}
/**
 * What each count of `after` (a Map) grew by since `before`, counts that did not grow left out.
 * @param {Map<string, number>} before
 * @param {Map<string, number>} after
 */
const between = (before, after) =>
  new Map(
    [...after]
      .map(
        /** @returns {[string, number]} */ ([key, count]) => [key, count - (before.get(key) ?? 0)],
      )
      .filter(([, grown]) => grown > 0),
  );
const sum = (/** @type {number[]} */ values) => values.reduce((total, value) => total + value, 0);
/** "60 s ×20, 45 s ×1": how many of `values` are each value. @param {string[]} values */
function tally(values) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => `${value} ×${count}`).join(", ");
}

/** Resident memory of a process, MB (Linux). @param {number | undefined} pid */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  // A process's status has its VmRSS line.
  return Number(/** @type {RegExpMatchArray} */ (status.match(/VmRSS:\s+(\d+)/))[1]) / 1024;
}

const redisCli = (/** @type {RedisServer} */ redis, /** @type {string[]} */ ...a) =>
  execFileSync("redis-cli", ["-p", String(redis.port), ...a], { encoding: "utf8" });
/** Whether a Redis key is one of `host`'s pages (…/<host> for its home page, …/<host>/<path>). */
const isKeyOf = (/** @type {string} */ key, /** @type {string} */ host) =>
  key.includes(`/${host}/`) || key.endsWith(`/${host}`);
// INFO memory has its used_memory line.
const redisUsed = (/** @type {RedisServer} */ redis) =>
  Number(
    /** @type {RegExpMatchArray} */ (
      redisCli(redis, "info", "memory").match(/used_memory:(\d+)/)
    )[1],
  );

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
const hostOf = (/** @type {number} */ i) => `p${String(i).padStart(4, "0")}.network.example`;
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
// Which build is measured: the figures follow the app's code.
const buildId = readFileSync(path.join(root, ".next", "BUILD_ID"), "utf8").trim();
console.log(
  `A network of ${PUBLICATIONS} publications (${(readFileSync(file).length / 1024).toFixed(0)} kB file), Node ${process.version}, build ${buildId}`,
);

const redis = await startRedis();
onStop(() => redis.cleanup());
const env = {
  ...appEnv({ siteUrl: "http://localhost:3000", blog: "functions" }),
  REDIS_URL: redis.url,
};

/**
 * The production server on a fresh copy of the build; resolves once /api/health answers.
 * @param {Record<string, string>} extra variables besides the network's
 */
async function startServer(extra) {
  const instanceDir = copyBuild();
  onStop(() => rmSync(instanceDir, { recursive: true, force: true }));
  const port = await freePort();
  const started = performance.now();
  const child = run(process.execPath, [path.join(root, "server.mjs"), "-p", String(port)], {
    env: { ...env, ...extra },
    cwd: instanceDir,
  });
  // Polled often: the time to start is one of the figures.
  await waitFor(async () => (await ask(port, "localhost", "/api/health")).status === 200, {
    what: "the server",
    timeoutMs: 120_000,
    intervalMs: 20,
  });
  return { child, port, dir: instanceDir, startMs: performance.now() - started };
}
/** @param {Awaited<ReturnType<typeof startServer>>} server */
async function stopServer(server) {
  await stop(server.child);
  rmSync(server.dir, { recursive: true, force: true });
}

/**
 * Asks the server at `port` for every page of PAGES of publications `from` to `from + count`,
 * one request at a time; `look(page, answer, host)` sees each answer. Resolves with the milliseconds.
 * @param {number} port
 * @param {number} from
 * @param {number} count
 * @param {(page: string, answer: Answer, host: string) => void} [look]
 */
async function visit(port, from, count, look = () => {}) {
  const started = performance.now();
  for (let i = from; i < from + count; i++) {
    for (const page of PAGES) {
      const answer = await ask(port, hostOf(i), page);
      if (answer.status !== 200) throw new Error(`${hostOf(i)}${page}: ${answer.status}`);
      look(page, answer, hostOf(i));
    }
  }
  return performance.now() - started;
}

/**
 * Figures for the summary at the end: [what, figure].
 * @type {[what: string, figure: string][]}
 */
const summary = [];

// 1. Start-up: without the file (one publication), then with it.
/** @type {{ embedded: number[]; network: number[] }} */
const starts = { embedded: [], network: [] };
/** @type {[kind: keyof typeof starts, extra: Record<string, string>][]} */
const startKinds = [
  ["embedded", {}],
  ["network", { PUBLICATIONS_FILE: file }],
];
for (let round = 0; round < 3; round++) {
  for (const [kind, extra] of startKinds) {
    const server = await startServer(extra);
    starts[kind].push(server.startMs);
    await stopServer(server);
  }
}
// An index within the list (of none, undefined; every list here has three).
const median = (/** @type {number[]} */ values) =>
  /** @type {number} */ ([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]);
console.log("\nTime to start (spawn to /api/health answering, median of 3):");
console.log(`  one publication (no file)         ${median(starts.embedded).toFixed(0)} ms`);
console.log(`  ${PUBLICATIONS} publications               ${median(starts.network).toFixed(0)} ms`);
summary.push([
  "time to start",
  `${median(starts.network).toFixed(0)} ms (${median(starts.embedded).toFixed(0)} ms with one publication)`,
]);

// 2. Memory and feed reads while publications are visited.
redisCli(redis, "flushall");
const server = await startServer({ PUBLICATIONS_FILE: file });
await sleep(2_000);
const idle = rssMb(server.child.pid);
const hitsBefore = await feedHits();
const metricsBefore = await metricsText(server.port);
const usedBefore = redisUsed(redis);

const firstMs = await visit(server.port, 0, VISIT);
await sleep(1_000);
const afterFirst = rssMb(server.child.pid);
const hitsAfter = await feedHits();
const metricsAfter = await metricsText(server.port);
const usedAfter = redisUsed(redis);
const secondMs = await visit(server.port, VISIT, VISIT);
await sleep(1_000);
const afterSecond = rssMb(server.child.pid);

const feedReads = [...between(hitsBefore, hitsAfter)];
const totalReads = sum(feedReads.map(([, reads]) => reads));
// The scheduler polls every feed meanwhile (its default bounds): its reads are told apart.
const pollReads = metricGrowth(metricsBefore, metricsAfter, "riverbend_feed_polls_total");
const renderReads =
  metricGrowth(metricsBefore, metricsAfter, "riverbend_feed_fetches_total") - pollReads;

console.log(`\nVisiting publications (${PAGES.join(", ")} on each, one request at a time):`);
console.log(`  resident memory at idle             ${idle.toFixed(0)} MB`);
console.log(
  `  after ${VISIT} publications (${VISIT * PAGES.length} pages rendered, ${(firstMs / 1000).toFixed(1)} s)  ${afterFirst.toFixed(0)} MB`,
);
console.log(
  `  after ${VISIT} more (${(secondMs / 1000).toFixed(1)} s)             ${afterSecond.toFixed(0)} MB`,
);
console.log(
  `  feed reads for the first ${VISIT * PAGES.length} pages: ${totalReads}, for ${feedReads.length} distinct feeds (${feedReads.map(([feed, n]) => `${feed} ${n}`).join(", ")})`,
);
console.log(
  `    of them by renders ${renderReads}, by the scheduler's polls ${pollReads} (riverbend_feed_fetches_total, riverbend_feed_polls_total)`,
);
summary.push(
  [
    "resident memory",
    `${idle.toFixed(0)} MB idle, ${afterFirst.toFixed(0)} MB after ${VISIT} publications, ${afterSecond.toFixed(0)} MB after ${2 * VISIT}`,
  ],
  [
    "feed reads for the first pages",
    `${totalReads} for ${VISIT * PAGES.length} pages (${feedReads.length} distinct feeds; ${renderReads} by renders, ${pollReads} by polls)`,
  ],
);

// 3. Redis: what the pages of one publication take.
const keys = redisCli(redis, "--scan").split("\n").filter(Boolean);
const perPublication = keys.filter((key) => isKeyOf(key, hostOf(1)));
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
summary.push([
  "Redis per publication",
  `${((usedAfter - usedBefore) / VISIT / 1024).toFixed(0)} kB`,
]);

await stopServer(server);

// 4. Freshness: two instances on the one Redis, polling the network's feeds on their own.
redisCli(redis, "flushall");
// instances.cjs's instances keep their log lines: a Redis that stops answering shows there.
const servers = await Promise.all(
  ["A", "B"].map(async (name) => {
    const port = await freePort();
    const instance = await startInstance({
      port,
      env: { ...env, PUBLICATIONS_FILE: file, ...POLLING },
    });
    onStop(() => instance.cleanup());
    return Object.assign(instance, { name });
  }),
);
/** @typedef {Instance & { name: string }} Named an instance, A or B */
const [a, b] = /** @type {[Named, Named]} the two started above */ (servers);
/**
 * The instance's log lines, from its `from`th on, that say it found Redis unavailable.
 * @param {Instance} instance
 * @param {number} [from]
 */
const redisLost = (instance, from = 0) =>
  instance.output.slice(from).filter((line) => line.includes("redis: unavailable"));
/** Why, from such lines: "no answer within 250 ms ×1". */
const lostWhy = (/** @type {string[]} */ lines) =>
  tally(lines.map((line) => /redis: unavailable \((.*)\)/.exec(line)?.[1] ?? line.slice(0, 80)));
const allMetrics = () => Promise.all(servers.map((instance) => metricsText(instance.port)));
console.log(
  `\nFreshness: instances A and B on one Redis, ${Object.entries(POLLING)
    .map(([name, value]) => `${name}=${value}`)
    .join(", ")}`,
);

// 4a. Feed reads per minute, against what the feeds' intervals allow.
const feedName = (/** @type {FeedStatus} */ feed) => feed.url.replace(`${STAND_IN_URL}/feeds/`, "");
/** How often /api/feeds/status is read during the window, for each feed's poll times. */
const SAMPLE_MS = 2_000;
/**
 * Each feed's poll times (its schedule's lastPollAt, shared through Redis) as /api/feeds/status
 * tells them every SAMPLE_MS until `until` (performance.now()): feed → a Set of epoch ms.
 * @param {number} port
 * @param {number} until
 */
async function pollTimes(port, until) {
  /** @type {Map<string, Set<number>>} */
  const times = new Map();
  while (performance.now() < until) {
    for (const feed of await feedStatuses(port)) {
      if (!feed.poll) continue;
      if (!times.has(feedName(feed))) times.set(feedName(feed), new Set());
      // Set above; a lastPollAt of null (none yet) is NaN, as Date.parse(null) always gave.
      /** @type {Set<number>} */ (times.get(feedName(feed))).add(
        Date.parse(/** @type {string} */ (feed.poll.lastPollAt)),
      );
    }
    await sleep(SAMPLE_MS);
  }
  return times;
}

await sleep(CEILING_SECONDS * 1000);
const windowStart = {
  at: performance.now(),
  hits: await feedHits(),
  metrics: await allMetrics(),
  logLines: servers.map((instance) => instance.output.length),
};
const seenPolls = await pollTimes(a.port, windowStart.at + WINDOW_SECONDS * 1000);
const windowEnd = { at: performance.now(), hits: await feedHits(), metrics: await allMetrics() };
const minutes = (windowEnd.at - windowStart.at) / 60_000;
const feeds = await feedStatuses(a.port);
const windowReads = between(windowStart.hits, windowEnd.hits);
const readsOf = (/** @type {FeedStatus} */ feed) => windowReads.get(feedName(feed)) ?? 0;
const unscheduled = feeds.filter((feed) => !feed.poll);
const scheduled = /** @type {Polled[]} those with a poll */ (feeds.filter((feed) => feed.poll));
const expectedPerMinute = sum(scheduled.map((feed) => 60 / feed.poll.intervalSeconds));
const readsPerMinute = sum([...windowReads.values()]) / minutes;
const perFeed = feeds.map((feed) => readsOf(feed) / minutes);
// The most polls a window can hold: one at its start, then one every interval less the jitter.
const overRead = scheduled.filter(
  (feed) =>
    readsOf(feed) >
    Math.floor((minutes * 60) / (feed.poll.intervalSeconds * (1 - POLL_JITTER))) + 1,
);
const pollsByReason = (/** @type {string} */ text) =>
  metricBy(text, "riverbend_feed_polls_total", "reason");
// The same instances, in the same order, at both ends of the window.
const polls = windowEnd.metrics.map((text, index) =>
  between(pollsByReason(/** @type {string} */ (windowStart.metrics[index])), pollsByReason(text)),
);
const pollCounts = polls.map((byReason) => sum([...byReason.values()]));
const fetches = windowEnd.metrics.map((text, index) =>
  metricGrowth(
    /** @type {string} as above */ (windowStart.metrics[index]),
    text,
    "riverbend_feed_fetches_total",
  ),
);
const ratio = readsPerMinute / expectedPerMinute;
/**
 * The instance's Redis losses in the window, and why. While Redis does not answer, a due poll
 * waits a few seconds and asks again; the instance polls alone only once Redis has been away
 * for a whole ceiling (lib/news/schedule/scheduler.ts).
 * @param {Instance} instance
 * @param {number} [from]
 */
function describeLost(instance, from) {
  const lines = redisLost(instance, from);
  const since = redisLost(instance).length;
  return `Redis unavailable ${lines.length} times${lines.length ? ` (${lostWhy(lines)})` : ""}, ${since} since start`;
}
// Exact where the counts are not: the gaps between a feed's polls, against its interval less
// the jitter (a second's leeway for the tick). Two polls closer than SAMPLE_MS look like one.
const gaps = scheduled.flatMap((feed) => {
  const times = [...(seenPolls.get(feedName(feed)) ?? [])].sort((x, y) => x - y);
  return times.slice(1).map((at, index) => ({
    feed: feedName(feed),
    seconds: (at - /** @type {number} the poll before */ (times[index])) / 1000,
    allowed: feed.poll.intervalSeconds * (1 - POLL_JITTER) - 1,
  }));
});
const tooClose = gaps.filter((gap) => gap.seconds < gap.allowed);
const shortestGap = gaps.length
  ? `${Math.min(...gaps.map((gap) => gap.seconds)).toFixed(1)} s`
  : "none";

console.log(
  `\nFeed reads, over ${(minutes * 60).toFixed(0)} s after a warm-up of ${CEILING_SECONDS} s (no readers):`,
);
console.log(
  `  configured feeds                  ${feeds.length} (intervals: ${tally(scheduled.map((feed) => `${feed.poll.intervalSeconds} s`))}; reasons: ${tally(scheduled.map((feed) => feed.poll.reason))}${unscheduled.length ? `; ${unscheduled.length} never polled` : ""})`,
);
console.log(
  `  stand-in feed reads               ${readsPerMinute.toFixed(1)} a minute (a feed: ${Math.min(...perFeed).toFixed(2)} to ${Math.max(...perFeed).toFixed(2)} a minute)`,
);
console.log(
  `  expected at most                  ${expectedPerMinute.toFixed(1)} a minute (sum over feeds of 60 / interval, /api/feeds/status)`,
);
console.log(
  `  observed / expected               ${ratio.toFixed(2)} (polls come up to ${POLL_JITTER * 100}% early: about 1.05 is one read a feed an interval; a feed read at both ends of the window counts once more)`,
);
console.log(
  `  gaps between a feed's polls       ${gaps.length} seen (/api/feeds/status every ${SAMPLE_MS / 1000} s), the shortest ${shortestGap}; shorter than the interval less ${POLL_JITTER * 100}%: ${tooClose.length ? tooClose.map((gap) => `${gap.feed} ${gap.seconds.toFixed(1)} s`).join(", ") : "none"}`,
);
console.log(
  `  feeds read more than their interval allows: ${overRead.length ? overRead.map((feed) => `${feedName(feed)} ${readsOf(feed)}`).join(", ") : "none"}`,
);
for (const [index, instance] of servers.entries()) {
  console.log(
    `  instance ${instance.name}: polls ${pollCounts[index]} (${[
      .../** @type {Map<string, number>} one an instance */ (polls[index]),
    ]
      .map(([reason, count]) => `${reason} ${count}`)
      .join(
        ", ",
      )}), feed fetches ${fetches[index]}; ${describeLost(instance, windowStart.logLines[index])}`,
  );
}
// Reads neither instance made: another process polling the stand-in (a server left running),
// or a read on the window's edge counted on one side only.
const outsideReads = sum([...windowReads.values()]) - sum(fetches);
console.log(
  `  polls A + B: ${sum(pollCounts)}; feed fetches A + B: ${sum(fetches)}; reads the stand-in saw: ${sum([...windowReads.values()])}${outsideReads > 1 ? ` (${outsideReads} by neither instance: is another server polling the stand-in?)` : ""}`,
);
summary.push([
  "feed reads a minute (two instances)",
  `${readsPerMinute.toFixed(1)} against ${expectedPerMinute.toFixed(1)} expected at most, ${ratio.toFixed(2)}x, for ${feeds.length} feeds (polls A ${pollCounts[0]}, B ${pollCounts[1]}); gaps under the interval: ${tooClose.length} of ${gaps.length}`,
]);

// 4b. The renders that follow one feed's change. The visited pages are cached through A and
// asked for through B (served from Redis): once before the change, when none should be
// rendered, and once after the next poll has read it. x-nextjs-cache: MISS is a render.
/** @param {string | null} title the headline looked for; null: none */
async function sweep(title) {
  const group = () => ({ pages: 0, rendered: 0, stale: 0 });
  // `without`: pages showing the feed but not the headline; `othersRendered`: pages not
  // showing it that were rendered all the same. Both named, for a look at what happened.
  const counts = {
    showing: group(),
    others: group(),
    withHeadline: 0,
    /** @type {string[]} */
    without: [],
    /** @type {string[]} */
    othersRendered: [],
  };
  const ms = await visit(b.port, 0, VISIT, (page, answer, host) => {
    const shows = showsChangedFeed(page);
    const cache = answer.headers["x-nextjs-cache"] ?? "none";
    const counted = shows ? counts.showing : counts.others;
    counted.pages++;
    if (cache === "STALE") counted.stale++;
    else if (cache !== "HIT") {
      counted.rendered++;
      if (!shows) counts.othersRendered.push(`${host}${page}`);
    }
    if (!title || !shows) return;
    if (answer.body.includes(title)) counts.withHeadline++;
    else counts.without.push(`${host}${page} (${cache})`);
  });
  return { ...counts, ms };
}
const changeRenders = async () =>
  sum(
    (await allMetrics()).map((text) =>
      metricSum(text, "riverbend_feed_change_to_page_seconds_count"),
    ),
  );
/** The first few of a list of pages, for a line of the output. */
const some = (/** @type {string[]} */ pages) =>
  `${pages.slice(0, 5).join(", ")}${pages.length > 5 ? ", …" : ""}`;
const stale = (/** @type {Awaited<ReturnType<typeof sweep>>} */ counts) =>
  counts.showing.stale + counts.others.stale
    ? `; served stale ${counts.showing.stale + counts.others.stale}`
    : "";

const fillStarted = performance.now();
const fillMs = await visit(a.port, 0, VISIT);
await sleep(1_000); // A's pages reach Redis just after their answers
const visitedHosts = Array.from({ length: VISIT }, (_, i) => hostOf(i));
const storedPages = redisCli(redis, "--scan", "--pattern", "*APP_PAGE*")
  .split("\n")
  .filter((key) => visitedHosts.some((host) => isKeyOf(key, host))).length;
const before = await sweep(null);
// A page outside the visited set, asked for until it shows the headline.
const probeHost = hostOf(PUBLICATIONS - 1);
await ask(a.port, probeHost, "/");
const changeRendersBefore = await changeRenders();
const title = `Bench headline ${Date.now()}`;
const publishedAt = Date.now();
await fetch(`${STAND_IN_URL}/__control/headline`, {
  method: "POST",
  body: JSON.stringify({ feed: CHANGED_FEED, title }),
});
const shownMs = await waitFor(
  async () => (await ask(a.port, probeHost, "/")).body.includes(title),
  {
    what: `the headline on ${probeHost}`,
    timeoutMs: 3 * CEILING_SECONDS * 1000,
    intervalMs: 250,
  },
);
// Every publication's home page shows it, and its headline was just polled: there, with a poll.
const changed = /** @type {Polled} */ (
  (await feedStatuses(a.port)).find((feed) => feed.url.endsWith(`/feeds/${CHANGED_FEED}.xml`))
);
const polledMs = Date.parse(/** @type {string} polled */ (changed.poll.lastPollAt)) - publishedAt;
const after = await sweep(title);
const changeRendersAfter = (await changeRenders()) - changeRendersBefore;
const pagesAgeSeconds = (performance.now() - fillStarted) / 1000;

console.log(
  `\nOne feed's change (${CHANGED_FEED}, listed by ${changed.publicationCount} publications; ${VISIT} publications' ${PAGES.join(", ")} cached through A in ${(fillMs / 1000).toFixed(1)} s, asked for through B):`,
);
console.log(
  `  visited pages in Redis            ${storedPages} of ${VISIT * PAGES.length} (B renders those it does not find there)`,
);
console.log(
  `  before the change: pages rendered ${before.showing.rendered + before.others.rendered} of ${before.showing.pages + before.others.pages}${stale(before)} (${(before.ms / 1000).toFixed(1)} s)`,
);
console.log(
  `  publish to the poll reading it    ${(polledMs / 1000).toFixed(1)} s (poll interval ${changed.poll.intervalSeconds} s, ${changed.poll.reason})`,
);
console.log(`  publish to the first page showing it  ${(shownMs / 1000).toFixed(1)} s`);
console.log(
  `  after: pages rendered anew        ${after.showing.rendered} of the ${after.showing.pages} that show ${CHANGED_FEED}, ${after.others.rendered} of the ${after.others.pages} others${stale(after)} (${(after.ms / 1000).toFixed(1)} s)`,
);
if (after.othersRendered.length) console.log(`  others rendered: ${some(after.othersRendered)}`);
console.log(
  `  showing the headline              ${after.withHeadline} of ${after.showing.pages}${after.without.length ? `; without it: ${some(after.without)}` : ""}`,
);
console.log(
  `  riverbend_feed_change_to_page_seconds_count, A + B: +${changeRendersAfter} (the sweep's renders and the probe's)`,
);
console.log(
  `  oldest visited page at the end    ${pagesAgeSeconds.toFixed(0)} s (${pagesAgeSeconds < PAGE_LIFETIME_SECONDS ? "within" : "PAST"} their ${PAGE_LIFETIME_SECONDS} s lifetime${pagesAgeSeconds < PAGE_LIFETIME_SECONDS ? ": no page expired by age" : ": pages expired by age are counted too"})`,
);
summary.push(
  [
    "renders after one feed's change",
    `${after.showing.rendered} of ${after.showing.pages} pages showing it (${after.withHeadline} with the headline), ${after.others.rendered} of ${after.others.pages} others (before it: ${before.showing.rendered + before.others.rendered} of ${before.showing.pages + before.others.pages})`,
  ],
  [
    "publish to first page showing it",
    `${(shownMs / 1000).toFixed(1)} s (the poll read it after ${(polledMs / 1000).toFixed(1)} s)`,
  ],
);

await Promise.all(servers.map((instance) => instance.cleanup()));
await redis.cleanup();

console.log(`\nSummary (${PUBLICATIONS} publications):`);
const width = Math.max(...summary.map(([what]) => what.length));
for (const [what, figure] of summary) console.log(`  ${what.padEnd(width)}  ${figure}`);
process.exit(0);
