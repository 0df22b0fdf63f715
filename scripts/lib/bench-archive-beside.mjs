/**
 * The reader beside the crawl, for scripts/bench-archive.mjs: one production instance (bare:
 * no tier, no Redis, so nothing in front absorbs the load) over the archive the bench filled,
 * serving `publications` papers. A reader asks a cached page (/terms) every 50 ms, first alone,
 * then beside a crawler of four connections asking what strangers and search engines ask of
 * other publications: relevance searches and phrases, month pages and archive indexes, each a
 * different address. Reported in one run: the reader's p50, p99 and max alone and beside the
 * crawl, and each kind of the crawl's requests' p50 and p99. The archive's work must not hold
 * the reader: its queries run in worker threads (SQLite) or another process (PostgreSQL).
 *
 * Also measured: how long the instance takes, from its start, to answer its first request.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import standIn from "../../e2e/env.cjs";
import instances from "../../e2e/redis/instances.cjs";
import { publicationsFileOf } from "./archive-corpus.mjs";
import { startStandIn, stop } from "./processes.mjs";

/** @import { Agent } from "node:http" */

const { appEnv } = standIn;
const { copyBuild, freePort, startInstance } = instances;
const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");
const DAY = 86_400_000;

const percentile = (/** @type {number[]} */ values, /** @type {number} */ p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/**
 * One request of `pathname` from `host`: its status (0: no answer) and how long it took.
 * @param {Agent} agent
 * @param {number} port
 * @param {string} host
 * @param {string} pathname
 * @returns {Promise<{ status: number | undefined; ms: number }>}
 */
function get(agent, port, host, pathname) {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.get(
      { agent, port, host: "127.0.0.1", path: pathname, headers: { host } },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ status: response.statusCode, ms: performance.now() - started }),
        );
      },
    );
    request.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
  });
}

/**
 * The reader: /terms of the first publication every 50 ms until `until()` says stop.
 * @param {number} port
 * @param {string} host
 * @param {() => boolean} until
 */
async function reader(port, host, until) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  /** @type {number[]} */
  const took = [];
  while (!until()) {
    const next = performance.now() + 50;
    took.push((await get(agent, port, host, "/terms")).ms);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
  agent.destroy();
  return took;
}

const line = (/** @type {string} */ label, /** @type {number[]} */ took) =>
  `| ${label} | ${took.length} | ${percentile(took, 50).toFixed(1)} ms | ${percentile(took, 99).toFixed(1)} ms | ${Math.max(...took).toFixed(1)} ms |`;

/**
 * `env`: the instance's archive (ARCHIVE_FILE or DATABASE_URL). `words`: a common word and
 * phrases from the corpus. `seconds`: each phase's length; `crawlers`: the crawl's connections.
 * @param {{
 *   env: Record<string, string>;
 *   publications: number;
 *   words: string[];
 *   phrases: string[];
 *   now: number;
 *   seconds?: number;
 *   crawlers?: number;
 * }} options
 */
export async function beside({
  env,
  publications,
  words,
  phrases,
  now,
  seconds = 30,
  crawlers = 4,
}) {
  const dir = mkdtempSync(path.join(tmpdir(), "riverbend-bench-beside-"));
  const port = await freePort();
  const file = path.join(dir, "publications.json");
  writeFileSync(file, JSON.stringify(publicationsFileOf(publications, port)));
  const standInChild = await startStandIn();
  // The instance's copy of the build made before the clock starts: an operator's start has its
  // build in place (copying it took a few hundred milliseconds of the first answer's figure).
  const build = copyBuild();
  const started = performance.now();
  const app = await startInstance({
    dir: build,
    port,
    env: { ...appEnv({ siteUrl: `http://p0.example:${port}` }), PUBLICATIONS_FILE: file, ...env },
    // Asked often: the time to start is one of the figures (as bench:network asks it).
    pollMs: 10,
  });
  const firstAnswer = performance.now() - started;
  const host = `p0.example:${port}`;
  try {
    // The reader's page made once, and each kind of page asked once (a first render is not
    // what this measures).
    const warm = new http.Agent({ keepAlive: true });
    for (let i = 0; i < 5; i++) await get(warm, port, host, "/terms");
    warm.destroy();

    let stopAlone = false;
    const aloneTimer = setTimeout(() => (stopAlone = true), seconds * 1000);
    const alone = await reader(port, host, () => stopAlone);
    clearTimeout(aloneTimer);

    const kinds = {
      // `n % length`: an index within the list.
      "relevance search": (/** @type {number} */ n) =>
        `/search?q=${encodeURIComponent(/** @type {string} */ (words[n % words.length]))}`,
      phrase: (/** @type {number} */ n) =>
        `/search?q=${encodeURIComponent(`"${phrases[n % phrases.length]}"`)}`,
      "month page": (/** @type {number} */ n) => {
        const day = new Date(now - (1 + ((n * 29) % 330)) * DAY);
        return `/archive/${day.getUTCFullYear()}/${pad(day.getUTCMonth() + 1)}`;
      },
      "archive index": () => "/archive",
    };
    // Object.keys() and fromEntries() say `string`: the keys are the kinds'.
    const names = /** @type {(keyof typeof kinds)[]} */ (Object.keys(kinds));
    const crawlTook = /** @type {Record<keyof typeof kinds, number[]>} */ (
      Object.fromEntries(names.map((name) => [name, /** @type {number[]} */ ([])]))
    );
    /** @type {Map<number | undefined, number>} */
    const statuses = new Map();
    let stopCrawl = false;
    let next = 0;
    const crawling = Array.from({ length: crawlers }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (!stopCrawl) {
        const n = next++;
        const name = /** @type {keyof typeof kinds} an index within the list */ (
          names[n % names.length]
        );
        // Other publications than the reader's, each request another paper.
        const other = `p${1 + ((n * 131) % (publications - 1))}.example:${port}`;
        const { status, ms } = await get(agent, port, other, kinds[name](n));
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        crawlTook[name].push(ms);
      }
      agent.destroy();
    });
    const besideTimer = setTimeout(() => (stopCrawl = true), seconds * 1000);
    const withCrawl = await reader(port, host, () => stopCrawl);
    clearTimeout(besideTimer);
    await Promise.all(crawling);

    console.log(
      `  first answer ${(firstAnswer / 1000).toFixed(2)} s after the start of ${publications} publications`,
    );
    console.log("| requests | n | p50 | p99 | max |\n|---|---|---|---|---|");
    console.log(line("reader's cached page, alone", alone));
    console.log(line("reader's cached page, beside the crawl", withCrawl));
    for (const name of names) console.log(line(`crawl: ${name}`, crawlTook[name]));
    console.log(`  crawl statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  } finally {
    await app.cleanup();
    await stop(standInChild);
    rmSync(dir, { recursive: true, force: true });
  }
}
