/**
 * The crawl of scripts/bench-archive.mjs: a crawler walking archive days of every publication
 * through the whole stack (the cache tier, deploy/nginx/riverbend.conf; one production
 * instance; Redis), over the archive the bench filled. Every page is a different address: the
 * caches only fill. Sampled every few seconds: the instance's page cache on disk (bounded by
 * PAGE_CACHE_MAX_MB), Redis's memory (every entry expires; `maxmemory` with volatile-lru
 * bounds the rest), and the tier's disk (proxy_cache_path max_size).
 * The crawler comes from many addresses, as a search engine's does (127.0.1.1 to 127.0.1.64,
 * all loopback): from one, the tier's limit of 10 requests a second per address answers most of
 * its requests 429, and nothing reaches the caches.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import standIn from "../../e2e/env.cjs";
import instances from "../../e2e/redis/instances.cjs";
import { chownTree, localConfig, mainConfig } from "../start-cached.mjs";
import { publicationsFileOf } from "./archive-corpus.mjs";
import { instanceHeapMb, startStandIn, stop } from "./processes.mjs";
import { locate } from "../system-programs.mjs";

/** @import { ChildProcess } from "node:child_process" */
/** @import { Agent } from "node:http" */
/** @import { RedisServer } from "../../e2e/redis/instances.cjs" */

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const { appEnv } = standIn;
const { freePort, startInstance, startRedis } = instances;
const DAY = 86_400_000;
const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");

/** The bounds the crawl runs under: small, so that a crawl of 100,000 pages meets them. */
export const CRAWL_BOUNDS = { pageCacheMb: 256, redisMb: 256, tierMb: 512 };

/** @param {string} dir @param {number} count @param {number} port */
function publicationsFile(dir, count, port) {
  const file = path.join(dir, "publications.json");
  writeFileSync(file, JSON.stringify(publicationsFileOf(count, port)));
  return file;
}

/** @param {string} dir @param {number} port @param {number} nextPort */
async function startTier(dir, port, nextPort) {
  mkdirSync(path.join(dir, "cache"));
  const source = readFileSync(path.join(ROOT, "deploy/nginx/riverbend.conf"), "utf8").replace(
    "max_size=2g",
    `max_size=${CRAWL_BOUNDS.tierMb}m`,
  );
  writeFileSync(path.join(dir, "riverbend.conf"), localConfig(source, { port, nextPort, dir }));
  writeFileSync(path.join(dir, "nginx.conf"), mainConfig(dir));
  if (process.getuid?.() === 0) chownTree(dir, 65534, 65534);
  // `npm run bench:archive` checks first that nginx is there (scripts/setup.mjs).
  const program = /** @type {string} */ (locate("nginx"));
  const nginx = spawn(program, ["-p", dir, "-c", path.join(dir, "nginx.conf")], {
    stdio: "ignore",
  });
  await instances.waitFor(
    () => fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok),
    "the tier",
  );
  return nginx;
}

/**
 * What `command` prints (its standard output), once it has ended.
 * @param {string} command
 * @param {string[]} args
 * @returns {Promise<string>}
 */
function megabytes(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("exit", () => resolve(out));
  });
}

const du = async (/** @type {string} */ dir) =>
  Number((await megabytes("du", ["-sm", dir])).split("\t")[0] || 0);

/** The resident memory of a process, in MB (Linux). @param {number | undefined} pid */
function rssMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return kb ? Number(kb[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** @param {RedisServer} redis */
async function redisKeys(redis) {
  return Number((await megabytes("redis-cli", ["-p", String(redis.port), "dbsize"])).trim() || 0);
}

/** @param {RedisServer} redis */
async function redisMb(redis) {
  const info = await megabytes("redis-cli", ["-p", String(redis.port), "info", "memory"]);
  const used = /used_memory:(\d+)/.exec(info);
  return used ? Number(used[1]) / 1024 ** 2 : 0;
}

/** The crawler's addresses: a keep-alive connection from each. */
const ADDRESSES = 64;

/**
 * One request of `pathname` from `host` through `agent`: its status, 0 when it had no answer.
 * @param {Agent} agent
 * @param {number} port
 * @param {string} host
 * @param {string} pathname
 * @returns {Promise<number | undefined>}
 */
function get(agent, port, host, pathname) {
  return new Promise((resolve) => {
    const request = http.get(
      {
        agent,
        port,
        host: "127.0.0.1",
        path: pathname,
        headers: { host, "accept-encoding": "gzip" },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode));
      },
    );
    request.on("error", () => resolve(0));
  });
}

/**
 * Crawls `pages` archive days of `publications` papers over the year before `now`. `heapMb`:
 * the instance's V8 old space capped there (`--max-old-space-size`), as an operator may start it.
 * @param {{ file: string; publications: number; pages: number; now: number; heapMb?: number }} options
 */
export async function crawl({ file, publications, pages, now, heapMb }) {
  const dir = mkdtempSync(path.join(tmpdir(), "riverbend-bench-crawl-"));
  const [tierPort, appPort] = [await freePort(), await freePort()];
  const standInChild = await startStandIn();
  const redis = await startRedis({
    args: ["--maxmemory", `${CRAWL_BOUNDS.redisMb}mb`, "--maxmemory-policy", "volatile-lru"],
  });
  const app = await startInstance({
    port: appPort,
    env: {
      ...appEnv({ siteUrl: `http://p0.example:${tierPort}` }),
      PUBLICATIONS_FILE: publicationsFile(dir, publications, tierPort),
      ARCHIVE_FILE: file,
      REDIS_URL: redis.url,
      PAGE_CACHE_MAX_MB: String(CRAWL_BOUNDS.pageCacheMb),
      ...(heapMb ? { NODE_OPTIONS: `--max-old-space-size=${heapMb}` } : {}),
    },
  });
  // A folder of its own, not under `dir` (0700): as root, nginx's workers run as nobody.
  const tierDir = mkdtempSync(path.join(tmpdir(), "riverbend-bench-tier-"));
  const nginx = await startTier(tierDir, tierPort, appPort);
  // The instance's process: there from startInstance() until app.cleanup().
  const appPid = () => /** @type {ChildProcess} */ (app.child).pid;
  const peak = { disk: 0, redis: 0, tier: 0, rss: 0 };
  // The instance's memory idle (started, its health answered, no page asked yet), once it has
  // served its first pages, at its peak, and at the end.
  const memory = { idle: rssMb(appPid()), warm: 0, peak: 0, end: 0 };
  const sample = async () => {
    peak.rss = Math.max(peak.rss, rssMb(appPid()));
    peak.disk = Math.max(peak.disk, await du(path.join(app.dir, ".next", "cache", "pages")));
    peak.redis = Math.max(peak.redis, await redisMb(redis));
    peak.tier = Math.max(peak.tier, await du(path.join(tierDir, "cache")));
  };
  const sampler = setInterval(() => void sample(), 5000);
  // Every half minute, a line: how far, and what each cache holds (a stall shows as keys that stop).
  const progress = setInterval(async () => {
    const seconds = Math.round((performance.now() - started) / 1000);
    const keys = await redisKeys(redis);
    const { heap, external } = (await instanceHeapMb(app.port, `p0.example:${tierPort}`)) ?? {
      heap: NaN,
      external: NaN,
    };
    console.log(
      `  ${seconds} s: ${next.toLocaleString("en-US")} pages, Redis ${keys.toLocaleString("en-US")} keys, ` +
        `${(await redisMb(redis)).toFixed(0)} MB; instance ${rssMb(appPid()).toFixed(0)} MB ` +
        `(heap ${heap.toFixed(0)} MB, outside it ${external.toFixed(0)} MB)`,
    );
  }, 30_000);
  const agents = Array.from(
    { length: ADDRESSES },
    (_, n) => new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.1.${n + 1}` }),
  );
  /** @type {Map<number | undefined, number>} */
  const statuses = new Map();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < pages) {
        const n = next++;
        const day = new Date(now - (1 + ((n * 7) % 364)) * DAY);
        const host = `p${(n * 131) % publications}.example:${tierPort}`;
        const status = await get(
          /** @type {Agent} an index within the list */ (agents[n % ADDRESSES]),
          tierPort,
          host,
          `/archive/${day.getUTCFullYear()}/${pad(day.getUTCMonth() + 1)}/${pad(day.getUTCDate())}`,
        );
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (n === 1000) memory.warm = rssMb(appPid());
        if (n % 5000 === 0) process.stdout.write(`  crawled ${n.toLocaleString("en-US")} pages\r`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  for (const agent of agents) agent.destroy();
  clearInterval(sampler);
  clearInterval(progress);
  await sample();
  // What the instance said of Redis: a change of state is logged once (lib/cache/redis-client.mjs).
  const said = app.output.filter((line) => /redis/i.test(line));
  if (said.length) console.log(`  the instance on Redis:\n    ${said.slice(0, 20).join("\n    ")}`);
  memory.end = rssMb(appPid());
  memory.peak = peak.rss;
  await stop(nginx);
  await app.cleanup();
  await redis.cleanup();
  await stop(standInChild);
  rmSync(dir, { recursive: true, force: true });
  rmSync(tierDir, { recursive: true, force: true });
  return { seconds, rate: pages / seconds, statuses: Object.fromEntries(statuses), peak, memory };
}
