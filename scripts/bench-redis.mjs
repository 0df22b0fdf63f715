#!/usr/bin/env node
/**
 * `npm run bench` (last part), or `node scripts/bench-redis.mjs [--seconds 15] [--build]`:
 * measures, never asserts. Several instances behind nginx as a plain load balancer (an
 * upstream of one or two production servers (server.mjs), no cache in nginx, so every request reaches an
 * instance), each instance with its own copy of the build (its own disk cache):
 *  - one instance, no Redis (today's install);
 *  - two instances, no Redis (each keeps its own cache and reads every feed);
 *  - two instances sharing one Redis (REDIS_URL).
 * For each: throughput over every section page (wrk, 2 threads, 50 connections), and the
 * feed requests the stand-in saw per refresh interval (FEED_REVALIDATE_SECONDS=5). Then the
 * Redis memory one full crawl of the site takes.
 * Needs Debian's wrk, nginx and redis-server, and a build (`npm run build`, or --build).
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import standIn from "../e2e/env.cjs";
import catalogue from "../e2e/stand-in/catalogue.cjs";
import instances from "../e2e/redis/instances.cjs";
import { flag, numberOption } from "./lib/options.mjs";
import { nextBuild, onStop, run, sleep, startStandIn, stop, waitFor } from "./lib/processes.mjs";
import { locate, requireSystemPrograms } from "./system-programs.mjs";

const { appEnv, STAND_IN_URL } = standIn;
const { freePort, startInstance, startRedis } = instances;
const SECONDS = numberOption("--seconds", 15);
const INTERVAL_SECONDS = 5;

requireSystemPrograms("bench");
// requireSystemPrograms("bench") has found it, or exited.
const NGINX = /** @type {string} */ (locate("nginx"));

// Its errors are shown: a stand-in that fails would otherwise read as a slow site.
await startStandIn({ stdio: ["ignore", "ignore", "inherit"] });

const PUBLIC_PORT = await freePort();
const env = appEnv({
  siteUrl: `http://127.0.0.1:${PUBLIC_PORT}`,
  feedRevalidateSeconds: INTERVAL_SECONDS,
});
if (flag("--build")) {
  console.log("building the site…");
  await nextBuild({ env, stdio: "inherit" });
}

const { SECTION_FEEDS } = catalogue;
const SECTIONS = Object.keys(SECTION_FEEDS);
const FEEDS = Object.values(SECTION_FEEDS).flat();

/**
 * nginx as a plain load balancer (round robin, no cache) in front of `ports`.
 * @param {number[]} ports
 */
async function balancer(ports) {
  const dir = mkdtempSync(path.join(tmpdir(), "riverbend-bench-lb-"));
  mkdirSync(path.join(dir, "logs"));
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/logs; proxy_temp_path ${dir}/logs;
  fastcgi_temp_path ${dir}/logs; uwsgi_temp_path ${dir}/logs; scgi_temp_path ${dir}/logs;
  upstream app { ${ports.map((p) => `server 127.0.0.1:${p};`).join(" ")} keepalive 64; }
  server {
    listen 127.0.0.1:${PUBLIC_PORT};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
    }
  }
}
`,
  );
  const child = run(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf")]);
  await waitFor(`http://127.0.0.1:${PUBLIC_PORT}/terms`);
  return async () => {
    await stop(child, "SIGQUIT");
    rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * wrk over every section page in turn (a Lua script rotating the paths). Run without blocking
 * this process: a blocked event loop cannot see the stand-in close its idle keep-alive
 * connections, and the next fetch on one of them fails ("other side closed").
 * @param {number} seconds
 */
async function wrk(seconds) {
  const script = path.join(tmpdir(), `riverbend-bench-paths-${process.pid}.lua`);
  writeFileSync(
    script,
    `local paths = { ${SECTIONS.map((s) => `"/${s}"`).join(", ")} }
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
`,
  );
  const { stdout: out } = await promisify(execFile)(
    "wrk",
    ["-t2", "-c50", `-d${seconds}s`, "--latency", "-s", script, `http://127.0.0.1:${PUBLIC_PORT}/`],
    { encoding: "utf8" },
  );
  rmSync(script, { force: true });
  return {
    rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0),
    p99: out.match(/99%\s+([\d.]+\w+)/)?.[1] ?? "?",
    errors: Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0),
  };
}

async function feedHits() {
  /** @type {Record<string, number>} */
  const hits = await (await fetch(`${STAND_IN_URL}/__control/hits`)).json();
  return FEEDS.reduce((sum, feed) => sum + (hits[`/feeds/${feed}.xml`] ?? 0), 0);
}

/** @param {string} label @param {number} count @param {string | null} redisUrl */
async function scenario(label, count, redisUrl) {
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const instances = await Promise.all(
    ports.map((port) =>
      startInstance({ port, env: { ...env, ...(redisUrl ? { REDIS_URL: redisUrl } : {}) } }),
    ),
  );
  const stopBalancer = await balancer(ports);
  // Warm: every section once through each instance.
  for (const instance of instances) {
    for (const section of SECTIONS) await (await fetch(`${instance.url}/${section}`)).arrayBuffer();
  }
  await fetch(`${STAND_IN_URL}/__control/reset`, { method: "POST" });
  const result = await wrk(SECONDS);
  const hits = await feedHits();
  const intervals = SECONDS / INTERVAL_SECONDS;
  console.log(
    `  ${label.padEnd(34)} ${result.rps.toFixed(0).padStart(7)} req/s  p99 ${result.p99.padStart(8)}` +
      `  feed requests ${String(hits).padStart(4)} (${(hits / intervals / FEEDS.length).toFixed(2)} per feed per ${INTERVAL_SECONDS} s)` +
      `${result.errors ? `  non-2xx ${result.errors}` : ""}`,
  );
  await stopBalancer();
  await Promise.all(instances.map((instance) => instance.cleanup()));
}

const redis = await startRedis();
onStop(() => redis.cleanup());
try {
  console.log(
    `\nSeveral instances behind nginx (plain load balancer, no cache), every section page in turn` +
      ` (wrk, 2 threads, 50 connections, ${SECONDS} s; FEED_REVALIDATE_SECONDS=${INTERVAL_SECONDS}, ${FEEDS.length} feeds):`,
  );
  await scenario("one instance, no Redis", 1, null);
  await scenario("two instances, no Redis", 2, null);
  await scenario("two instances, one Redis", 2, redis.url);

  // Memory of one publication: a full crawl of the stand-in site into an empty Redis.
  execFileSync("redis-cli", ["-p", String(redis.port), "flushall"]);
  const port = await freePort();
  const instance = await startInstance({
    port,
    env: { ...env, FEED_REVALIDATE_SECONDS: "300", REDIS_URL: redis.url },
  });
  const sitemap = await (await fetch(`${instance.url}/sitemap.xml`)).text();
  const addresses = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(/** @type {string} the group always takes part */ (m[1])).pathname,
  );
  for (const address of addresses) await (await fetch(`${instance.url}${address}`)).arrayBuffer();
  await sleep(500);
  const cli = (/** @type {string[]} */ ...a) =>
    execFileSync("redis-cli", ["-p", String(redis.port), ...a], { encoding: "utf8" });
  const info = cli("info", "memory");
  const used = Number(info.match(/used_memory:(\d+)/)?.[1] ?? 0);
  const keys = cli("--scan", "--pattern", "riverbend:*").split("\n").filter(Boolean);
  const group = (/** @type {string} */ key) =>
    key.replace(/^riverbend:/, "").split(":")[0] + ":" + (key.split(":")[2] ?? "");
  /** @type {Map<string, { count: number; bytes: number }>} */
  const sizes = new Map();
  for (const key of keys) {
    const bytes = Number(cli("memory", "usage", key).trim()) || 0;
    const name = key.startsWith("riverbend:next:") ? "next (pages, data, tag maps)" : group(key);
    const entry = sizes.get(name) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += bytes;
    sizes.set(name, entry);
  }
  console.log(`\nRedis after one crawl of ${addresses.length} addresses (sitemap.xml):`);
  console.log(`  used_memory ${(used / 1024 / 1024).toFixed(1)} MB, ${keys.length} keys`);
  for (const [name, { count, bytes }] of sizes) {
    console.log(
      `  ${name.padEnd(32)} ${String(count).padStart(5)} keys ${(bytes / 1024 / 1024).toFixed(2).padStart(8)} MB`,
    );
  }
  await instance.cleanup();
} finally {
  await redis.cleanup();
}
process.exit(0);
