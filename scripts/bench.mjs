#!/usr/bin/env node
/**
 * `npm run bench`: measures, never asserts. One run builds and serves, side by side:
 *  - the site (production build) against the local stand-in;
 *  - a trivial page built with the same Next.js (bench/trivial): the framework's ceiling;
 *    and the same page rendered at run time then cached, as the site's pages are (for scale);
 *  - the cache tier (deploy/nginx/riverbend.conf through scripts/start-cached.mjs) in front
 *    of the site;
 *  - nginx serving the very bytes the site answered, from disk (the physical limit), and nginx
 *    with proxy_cache in front of that static server (nginx's own cost as a cache, apart from
 *    the tier's configuration).
 * It prints the HTML weight of every kind of page, the photo bytes of the first screen (before:
 * the feeds' own photos; after: the site's), a cold render, and throughput (wrk, 2
 * threads, 50 connections, after 2 s of unmeasured load on each address) with and without
 * `Accept-Encoding: gzip`, as ratios to those references measured in the same run.
 *
 * The bare server is also run, from the same build, on every other Node.js it is given
 * (`--node <path>`, repeatable; by default the Node that runs npm itself when it is another
 * line, such as a system's Node 20), and measured in the same rounds against the trivial page
 * on that same Node and against the project's Node.
 *
 *   npm run bench -- [--seconds 5] [--rounds 3] [--no-build] [--node /usr/bin/node ...] [--port 3300]
 * The servers listen on --port and the ports after it (3300–3316 by default).
 * Needs Debian's `wrk` and `nginx`: `npm run bench` installs them (scripts/setup.mjs).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import standIn from "../e2e/env.cjs";
import catalogue from "../e2e/stand-in/catalogue.cjs";
import { flag, numberOption } from "./lib/options.mjs";
import {
  ROOT as root,
  run,
  sleep,
  startSite,
  startStandIn,
  startTrivial,
  buildTrivial,
  stop,
  nextBuild,
  waitFor,
} from "./lib/processes.mjs";
import { locate, requireSystemPrograms } from "./system-programs.mjs";

/**
 * Another Node.js to run the bare server on: its binary, its version, and the addresses of its
 * servers (`offset` 0 the site, 1 the trivial page, 2 the trivial page rendered at run time).
 * @typedef {{ exec: string; version: string; url: (offset: number, p?: string) => string }} OtherNode
 */
/**
 * What wrk measured of one address: requests a second, the 99th percentile, non-2xx answers.
 * @typedef {{ rps: number; p99: string; errors: string }} WrkResult
 */

const { appEnv, STAND_IN_URL, writePublicationsFile } = standIn;
const args = process.argv.slice(2);
const major = (/** @type {string} */ version) => Number(version.replace(/^v/, "").split(".")[0]);
const versionOf = (/** @type {string} */ node) =>
  execFileSync(node, ["--version"], { encoding: "utf8" }).trim();
/**
 * Other Node.js binaries to run the bare server on, each with its version (and the addresses
 * of its servers, set once they are started, below).
 * @type {OtherNode[]}
 */
const otherNodes = (() => {
  // The binary after each --node.
  const given = args.flatMap((arg, i) =>
    arg === "--node" ? [/** @type {string} */ (args[i + 1])] : [],
  );
  const npmNode = process.env.npm_node_execpath;
  const candidates = given.length ? given : npmNode ? [npmNode] : [];
  // Their `url` is set below, before any use.
  return /** @type {OtherNode[]} */ (
    candidates
      .map((exec) => ({ exec, version: versionOf(exec) }))
      .filter(({ version }) => given.length || major(version) !== major(process.version))
  );
})();
const SECONDS = numberOption("--seconds", 5);
const ROUNDS = numberOption("--rounds", 3);
const BUILD = !flag("--no-build");
const WARM_UP_SECONDS = 2;
/** The first of the ports the run listens on (the site; the others follow it). */
const BASE_PORT = numberOption("--port", 3300);
const ports = {
  app: BASE_PORT,
  trivial: BASE_PORT + 1,
  tier: BASE_PORT + 2,
  disk: BASE_PORT + 3,
  trivialLive: BASE_PORT + 4,
  network: BASE_PORT + 5,
  proxied: BASE_PORT + 6,
};
const url = (/** @type {keyof typeof ports} */ name, p = "/") =>
  `http://127.0.0.1:${ports[name]}${p}`;
const FEED_DELAY_MS = 300;

requireSystemPrograms("bench");
// requireSystemPrograms("bench") has found it, or exited.
const NGINX = /** @type {string} */ (locate("nginx"));

const env = appEnv({ siteUrl: url("app") });

await startStandIn({ env: { STAND_IN_FEED_DELAY_MS: String(FEED_DELAY_MS) } });

if (BUILD) {
  console.log("building the site and the trivial reference…");
  await nextBuild({ env });
  await buildTrivial();
}

const startApp = () => startSite({ port: ports.app, env });

// 1. Cold renders: a fresh server, nothing cached, five feeds each delayed.
/** @type {number[]} */
const cold = [];
for (let i = 0; i < 3; i++) {
  // The page and data cache (lib/cache/file-cache.mjs) lives on disk beside the build.
  rmSync(path.join(root, ".next/cache/pages"), { recursive: true, force: true });
  const server = await startApp();
  const started = performance.now();
  await (await fetch(url("app", "/sports"))).text();
  cold.push(performance.now() - started);
  await stop(server);
}
cold.sort((a, b) => a - b);
const [fastest, middle, slowest] = /** @type {[number, number, number]} three renders */ (cold);
console.log(
  `\nCold render of /sports, five feeds each delayed ${FEED_DELAY_MS} ms (3 fresh servers):`,
);
console.log(
  `  median ${middle.toFixed(0)} ms, min ${fastest.toFixed(0)} ms, max ${slowest.toFixed(0)} ms` +
    ` (one feed after another would be ≥ ${5 * FEED_DELAY_MS} ms)`,
);

// 2. The servers, side by side.
await startApp();
await startTrivial({ port: ports.trivial });
// The same trivial page rendered at run time (bench/trivial/app/live), on a server of its own:
// rendering once switches Node's promise hooks on for that process (see the page).
await startTrivial({ port: ports.trivialLive, ready: "/live/latest" });
// The bare server and its two references on each other Node, from the same build.
const OTHER_BASE_PORT = BASE_PORT + 10;
for (const [i, other] of otherNodes.entries()) {
  const port = (/** @type {number} */ offset) => OTHER_BASE_PORT + 3 * i + offset;
  other.url = (offset, p = "/") => `http://127.0.0.1:${port(offset)}${p}`;
  await Promise.all([
    startSite({ port: port(0), env, node: other.exec }),
    startTrivial({ port: port(1), node: other.exec }),
    startTrivial({ port: port(2), node: other.exec, ready: "/live/latest" }),
  ]);
}
run(process.execPath, ["scripts/start-cached.mjs", "--no-app"], {
  env: { PORT: String(ports.tier), NEXT_PORT: String(ports.app) },
});
await waitFor(url("tier", "/terms"));

// A publication of a network (PUBLICATIONS_FILE, three publications), asked by its Host on a
// server of its own from the same build: the host check (server.mjs) and the rewrite to its
// pages (next.config.mjs) are on every request, as in production.
const NETWORK_HOST = "lakeside.example";
await startSite({
  port: ports.network,
  env: {
    ...env,
    PUBLICATIONS_FILE: writePublicationsFile("bench", {
      riverbend: "https://riverbend.example",
      lakeside: `https://${NETWORK_HOST}`,
      hillcountry: "https://hillcountry.example",
    }),
  },
  ready: "/api/health",
});
/**
 * A GET to the network server as `Host: lakeside.example`: its body.
 * @param {string} address
 * @param {Record<string, string>} [headers]
 * @returns {Promise<string>}
 */
function askNetwork(address, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(
        {
          host: "127.0.0.1",
          port: ports.network,
          path: address,
          headers: { host: NETWORK_HOST, ...headers },
        },
        (response) => {
          /** @type {Buffer[]} */
          const chunks = [];
          response.on("data", (chunk) => chunks.push(chunk));
          response.on("end", () => resolve(Buffer.concat(chunks).toString()));
        },
      )
      .on("error", reject);
  });
}

// A post's address, from the blog list.
const list = await (await fetch(url("app", "/blog"))).text();
const post = list.match(/href="(\/blog\/[a-z0-9-]+)"/)?.[1];
if (!post) throw new Error("no post on /blog");

// 3. Page weight, every kind of page.
/** @type {[kind: string, address: string][]} */
const KINDS = [
  ["home", "/"],
  ["section", "/sports"],
  ["post", post],
  ["blog list", "/blog"],
  ["FAQ", "/faq"],
  ["books", "/books"],
  ["terms", "/terms"],
  ["radio", "/radio"],
  ["sitemap", "/sitemap"],
  ["search", "/search?q=river"],
  ["404", "/no-such-page"],
];
console.log("\nHTML weight (what a reader's browser receives):");
console.log(
  `  ${"page".padEnd(10)} ${"address".padEnd(40)} ${"raw".padStart(8)} ${"gzip".padStart(8)}`,
);
/** @type {Map<string, Buffer>} */
const bodies = new Map();
for (const [kind, address] of KINDS) {
  const body = Buffer.from(
    await (
      await fetch(url("app", address), { headers: { "accept-encoding": "identity" } })
    ).arrayBuffer(),
  );
  bodies.set(address, body);
  const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)} kB`;
  console.log(
    `  ${kind.padEnd(10)} ${address.padEnd(40)} ${kb(body.length).padStart(8)} ${kb(gzipSync(body).length).padStart(8)}`,
  );
}

// 4. Headline photos on the first screen, as a reader's browser loads them: after (the site's
// own widths, lib/photos) and before (the feeds' photos those cards name, as a page that
// linked them straight would load them: the stand-in's real-size JPEGs).
console.log("\nHeadline photos of the first screen (Chromium, until load + 1 s):");
console.log(
  `  ${"page".padEnd(8)} ${"screen".padEnd(14)} ${"photos".padStart(6)} ${"before".padStart(10)} ${"after".padStart(10)}`,
);
{
  const { chromium } = await import("@playwright/test");
  const { createHash } = await import("node:crypto");
  const { SECTION_FEEDS, itemPhoto } = catalogue;
  // Every sample photo's address by the id the site gives it (lib/photos/photo-names.ts).
  /** @type {Map<string, string>} */
  const originals = new Map();
  for (const feed of new Set(Object.values(SECTION_FEEDS).flat())) {
    for (let index = 0; index < 40; index++) {
      const photo = itemPhoto(feed, index);
      if (!photo) break;
      const address = `${STAND_IN_URL}${photo.path}`;
      originals.set(createHash("sha256").update(address).digest("base64url").slice(0, 22), address);
    }
  }
  const browser = await chromium.launch({
    executablePath: locate("chromium"),
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  for (const address of ["/", "/sports"]) {
    /** @type {[label: string, viewport: { width: number; height: number }, scale: number][]} */
    const screens = [
      ["375 px, 2×", { width: 375, height: 812 }, 2],
      ["1280 px, 1×", { width: 1280, height: 900 }, 1],
    ];
    for (const [label, viewport, deviceScaleFactor] of screens) {
      const context = await browser.newContext({ viewport, deviceScaleFactor });
      const page = await context.newPage();
      /** @type {Map<string, number>} */
      const photos = new Map();
      page.on("response", async (response) => {
        const match = new URL(response.url()).pathname.match(/^\/photo\/([^/]+)\//);
        if (match)
          // The group always takes part in a match.
          photos.set(
            /** @type {string} */ (match[1]),
            (await response.body().catch(() => Buffer.alloc(0))).length,
          );
      });
      await page.goto(url("app", address), { waitUntil: "load" });
      await page.waitForTimeout(1_000);
      await context.close();
      let before = 0;
      for (const id of photos.keys()) {
        const original = originals.get(id);
        if (original) before += (await (await fetch(original)).arrayBuffer()).byteLength;
      }
      const after = [...photos.values()].reduce((sum, bytes) => sum + bytes, 0);
      const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)} kB`;
      console.log(
        `  ${address.padEnd(8)} ${label.padEnd(14)} ${String(photos.size).padStart(6)} ${kb(before).padStart(10)} ${kb(after).padStart(10)}`,
      );
    }
  }
  await browser.close();
}

// 5. nginx serving the same bytes from disk: each page as a file, with its gzip beside it.
const diskDir = mkdtempSync(path.join(tmpdir(), "riverbend-bench-disk-"));
/** @type {[address: string, file: string][]} */
const MEASURED = [
  ["/", "home.html"],
  ["/sports", "section.html"],
  [post, "post.html"],
];
// The network publication's own post (its blog folder, content/blog/lakeside.example).
const networkPost = (await askNetwork("/blog")).match(/href="(\/blog\/[a-z0-9-]+)"/)?.[1];
if (!networkPost) throw new Error("no post on the network publication's /blog");
const NETWORK_MEASURED = ["/", "/sports", networkPost];
for (const [address, file] of MEASURED) {
  // Each measured page is one of the kinds weighed above.
  const body = /** @type {Buffer} */ (bodies.get(address));
  writeFileSync(path.join(diskDir, file), body);
  writeFileSync(path.join(diskDir, `${file}.gz`), gzipSync(body, { level: 6 }));
}
mkdirSync(path.join(diskDir, "logs"));
writeFileSync(
  path.join(diskDir, "nginx.conf"),
  `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes auto;
daemon off;
pid ${diskDir}/nginx.pid;
error_log ${diskDir}/logs/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 10000;
  access_log ${diskDir}/logs/access.log;
  client_body_temp_path ${diskDir}/logs; proxy_temp_path ${diskDir}/logs;
  fastcgi_temp_path ${diskDir}/logs; uwsgi_temp_path ${diskDir}/logs; scgi_temp_path ${diskDir}/logs;
  server {
    listen 127.0.0.1:${ports.disk};
    root ${diskDir};
    gzip_static on;
  }
  # nginx's own cost as a cache: proxy_cache in front of the static server above, with the
  # tier's lifetimes, an entry per encoding and the tier's way of sending a stored answer (from
  # memory, not sendfile: with sendfile and Debian's tcp_nopush, a stored page without gzip
  # stalls 40 ms a request on a keep-alive connection), but none of the rest of the tier's
  # configuration (no app gate, no key map, no headers). The tier against this is the
  # configuration's cost.
  proxy_cache_path ${diskDir}/proxy-cache levels=1:2 keys_zone=bench:8m use_temp_path=off;
  upstream bench_static {
    server 127.0.0.1:${ports.disk};
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${ports.proxied};
    sendfile off;
    output_buffers 1 128k;
    tcp_nopush off;
    location / {
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_cache bench;
      proxy_cache_key "$uri|$http_accept_encoding";
      proxy_cache_valid 200 5s;
      proxy_cache_use_stale updating;
      proxy_cache_background_update on;
      proxy_pass http://bench_static;
    }
  }
}
`,
);
run(NGINX, ["-p", diskDir, "-c", path.join(diskDir, "nginx.conf")]);
await waitFor(url("disk", "/home.html"));

/**
 * wrk against `target` for `seconds`, with gzip asked or not.
 * @param {string | [address: string, host: string]} target
 * @param {boolean} gzip
 * @returns {WrkResult}
 */
function wrk(target, gzip, seconds = SECONDS) {
  // A target is an address, or [address, Host header].
  const [address, host] = Array.isArray(target) ? target : [target, null];
  const out = execFileSync(
    "wrk",
    [
      "-t2",
      "-c50",
      `-d${seconds}s`,
      "--latency",
      ...(gzip ? ["-H", "Accept-Encoding: gzip"] : []),
      ...(host ? ["-H", `Host: ${host}`] : []),
      address,
    ],
    { encoding: "utf8" },
  );
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0);
  const p99 = out.match(/99%\s+([\d.]+\w+)/)?.[1] ?? "?";
  const errors = out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? "0";
  return { rps, p99, errors };
}

// Warm every entry (app cache, tier cache) before measuring.
for (const [address] of MEASURED) {
  for (const gzip of [false, true]) {
    /** @type {Record<string, string>} */
    const headers = gzip ? { "accept-encoding": "gzip" } : {};
    await (await fetch(url("app", address), { headers })).arrayBuffer();
    await (await fetch(url("tier", address), { headers })).arrayBuffer();
  }
}
for (const address of NETWORK_MEASURED) {
  for (const gzip of [false, true])
    await askNetwork(address, gzip ? { "accept-encoding": "gzip" } : {});
}
await sleep(500);

/**
 * The results of an address: every measured address has its list.
 * @param {Map<string, WrkResult[]>} lists
 * @param {string} address
 */
const listOf = (lists, address) => /** @type {WrkResult[]} */ (lists.get(address));

/** @param {number[]} values @returns {number} */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  // Indices within the list (of none, undefined: NaN, as ever; every list here has rounds).
  const at = (/** @type {number} */ index) => /** @type {number} */ (sorted[index]);
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
};
const range = (/** @type {number[]} */ values) =>
  `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;

/**
 * One line: the median of the rounds' req/s and p99; with a reference, the median of the
 * per-round ratios (each against the reference measured just before it) and their range.
 * @param {string} label
 * @param {WrkResult[]} results
 * @param {WrkResult[]} [references] as many, round by round
 */
function line(label, results, references) {
  const rps = median(results.map((r) => r.rps));
  const errors = results.reduce((sum, r) => sum + Number(r.errors), 0);
  // Indices within the lists: a result and a reference each round.
  const ratios = references
    ? results.map((r, i) => r.rps / /** @type {WrkResult} */ (references[i]).rps)
    : null;
  const middle = /** @type {WrkResult} */ (results[Math.floor(results.length / 2)]);
  console.log(
    `  ${label.padEnd(44)} ${rps.toFixed(0).padStart(7)} req/s  p99 ${middle.p99.padStart(8)}` +
      `${ratios ? `  ${median(ratios).toFixed(2)}× (${range(ratios)})` : ""}${errors ? `  non-2xx ${errors}` : ""}`,
  );
}

for (const gzip of [false, true]) {
  const label = gzip ? "with Accept-Encoding: gzip" : "without compression";
  console.log(
    `\nThroughput ${label} (wrk, 2 threads, 50 connections, ${SECONDS} s each, ${ROUNDS} rounds;` +
      ` medians, ratio ranges in brackets):`,
  );
  // Rounds interleave each page with its reference, so a slow spell of this shared machine
  // lowers both sides of a ratio instead of one.
  /** @type {WrkResult[]} */
  const ceiling = [];
  /** @type {WrkResult[]} */
  const live = [];
  /** @type {Map<string, WrkResult[]>} */
  const site = new Map(MEASURED.map(([address]) => [address, []]));
  /** @type {Map<string, WrkResult[]>} */
  const disk = new Map(MEASURED.map(([address]) => [address, []]));
  /** @type {Map<string, WrkResult[]>} */
  const tier = new Map(MEASURED.map(([address]) => [address, []]));
  /** @type {Map<string, WrkResult[]>} */
  const proxied = new Map(MEASURED.map(([address]) => [address, []]));
  /** @type {Map<string, WrkResult[]>} */
  const network = new Map(NETWORK_MEASURED.map((address) => [address, []]));
  // Every address measured, in the order of a round, with the list its results go to.
  /** @typedef {[target: string | [address: string, host: string], results: WrkResult[]]} Step */
  /** @type {Step[]} */
  const plan = [
    [url("trivial"), ceiling],
    [url("trivialLive", "/live/latest"), live],
    ...MEASURED.map(
      /** @returns {Step} */ ([address]) => [url("app", address), listOf(site, address)],
    ),
    ...NETWORK_MEASURED.map(
      /** @returns {Step} */ (address) => [
        [url("network", address), NETWORK_HOST],
        listOf(network, address),
      ],
    ),
    ...MEASURED.flatMap(
      /** @returns {Step[]} */ ([address, file]) => [
        [url("disk", `/${file}`), listOf(disk, address)],
        [url("proxied", `/${file}`), listOf(proxied, address)],
        [url("tier", address), listOf(tier, address)],
      ],
    ),
  ];
  // The same bare server on each other Node, with that Node's own references.
  /** @type {(OtherNode & { ceiling: WrkResult[]; live: WrkResult[]; site: Map<string, WrkResult[]> })[]} */
  const others = otherNodes.map((other) => ({
    ...other,
    ceiling: [],
    live: [],
    site: new Map(MEASURED.map(([address]) => [address, []])),
  }));
  for (const other of others) {
    plan.push(
      [other.url(1), other.ceiling],
      [other.url(2, "/live/latest"), other.live],
      ...MEASURED.map(
        /** @returns {Step} */ ([address]) => [other.url(0, address), listOf(other.site, address)],
      ),
    );
  }
  // Warm-up under load, not measured: one request leaves V8 to compile the serving path during
  // the first round, which then measures the compiler as much as the server, on either side of
  // a ratio.
  for (const [address] of plan) wrk(address, gzip, WARM_UP_SECONDS);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [address, results] of plan) results.push(wrk(address, gzip));
  }
  line("trivial page, same Next (the ceiling)", ceiling);
  line("  the same, rendered at run time, cached", live, ceiling);
  for (const [address] of MEASURED) {
    // Each round's page against that round's ceiling.
    line(`site ${address}`, listOf(site, address), ceiling);
  }
  for (const address of NETWORK_MEASURED) {
    line(`network publication ${address}`, listOf(network, address), ceiling);
  }
  for (const [address, file] of MEASURED) {
    line(`nginx, same bytes from disk (${file})`, listOf(disk, address));
    line(`  nginx proxy_cache in front of it`, listOf(proxied, address), listOf(disk, address));
    line(`cache tier ${address}`, listOf(tier, address), listOf(disk, address));
  }
  for (const other of others) {
    console.log(
      `  The bare server on Node ${other.version} (${other.exec}), same build; ratios to its own` +
        ` trivial page, and this Node (${process.version}) against it:`,
    );
    line(`trivial page on ${other.version}`, other.ceiling);
    line(`  ${process.version} against it`, ceiling, other.ceiling);
    line(`  rendered at run time, cached`, other.live, other.ceiling);
    line(`  ${process.version} against it`, live, other.live);
    for (const [address] of MEASURED) {
      line(`site ${address} on ${other.version}`, listOf(other.site, address), other.ceiling);
      line(`  ${process.version} against it`, listOf(site, address), listOf(other.site, address));
    }
  }
}
rmSync(diskDir, { recursive: true, force: true });
console.log("\nRatios: the site against the trivial page; the cache tier against nginx from disk.");
process.exit(0);
