#!/usr/bin/env node
/**
 * `npm run bench:lighthouse` (also part of `npm run bench`): the pages' speed in Lighthouse,
 * measured, never asserted. Speed moves with the machine (its cores, its load, its Chromium), so
 * `npm test` gates only what does not (e2e/quality/lighthouse.spec.ts); here every figure stands
 * beside the same figure for a trivial page built with the same Next.js (bench/trivial), measured
 * in the same rounds, and the budgets are differences from it:
 *  - first and largest contentful paint within 0.4 s of the trivial page's; a page whose largest
 *    paint is a photo is also shown beside the trivial page with one photo (bench/trivial/app/
 *    photo, the site's own lead photo from the same origin), the framework's ceiling for it;
 *  - total blocking time within 100 ms, time to interactive within 0.8 s;
 *  - JavaScript within 15 kB gzip of the trivial page's (/radio, with its player, 25 kB).
 *
 * It builds the site and bench/trivial (as scripts/bench.mjs does; `--no-build` uses the builds
 * there are), serves them against the stand-in upstreams (server.mjs, and Next's own server for
 * the trivial page), requests each page and its photos once, then runs Lighthouse (mobile
 * settings, Debian's Chromium, loopback only: scripts/lighthouse.mjs) on /, /sports, a blog post,
 * /blog, /faq and /radio, by both throttling methods:
 *  - simulate (Lighthouse's default): an unthrottled load, replayed on a modelled phone;
 *  - devtools: the phone's network and CPU limits applied to the real load.
 * Each with Lighthouse's default CPU slowdown (4×, which takes a high-end desktop down to a
 * mid-tier phone) and with the slowdown calibrated to this machine: three first runs read the
 * host's benchmarkIndex and the multiplier comes from Lighthouse's CPU throttling calculator
 * (docs/benchmarks.md, "Lighthouse"), so that a slower host is not slowed
 * down as much as a fast one. Figures are medians of `--runs` runs (default 5) with simulated
 * throttling and of `--applied-runs` runs (default 9) with applied throttling, rounds
 * interleaving each page with the trivial page so a slow spell of the machine weighs on both.
 * Five, not three: on a 2-core host the trivial page's own blocking time ranged 154–366 ms over
 * five runs of one build, so the difference of two medians of three moved by more than the
 * 100 ms budget between runs of identical code. Nine with applied throttling: at the calibrated
 * slowdown the trivial page's blocking time spanned 139–587 ms over runs of one build, and
 * /faq's difference from it, medians of five to seven, read +98, +107 and +123 ms for one build,
 * where eight runs each gave +53 ms (docs/benchmarks.md).
 *
 * JavaScript counts every script the page loaded during the run, each body gzipped (level 9,
 * as e2e/quality/js-budget.spec.ts counts), so response headers and the servers' own
 * compression settings do not count.
 *
 *   node scripts/bench-lighthouse.mjs [--no-build] [--runs 5] [--applied-runs 9] [--port 3400]
 *
 * The site listens on --port, the trivial page on the next one. Exit status 0 when every run
 * completed, whatever the budgets say (OVER is a finding on this machine, not a failure); 1 when
 * something broke: a build, a server, a Lighthouse run that ended in an error.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import standIn from "../e2e/env.cjs";
import { flag, numberOption } from "./lib/options.mjs";
import {
  buildTrivial,
  nextBuild,
  startSite,
  startStandIn,
  startTrivial,
} from "./lib/processes.mjs";
import { audit, launchChromium } from "./lighthouse.mjs";
import { requireSystemPrograms } from "./system-programs.mjs";

/** @import { LighthouseSummary } from "./lib/lighthouse-summary.mjs" */
/** @import { ThrottlingMethod } from "./lighthouse.mjs" */
/**
 * A run's figures, with the gzip bytes of the scripts it loaded.
 * @typedef {LighthouseSummary & { scriptGzip: number }} Run
 */
/** @typedef {"fcpMs" | "lcpMs" | "tbtMs" | "ttiMs" | "scriptGzip"} BudgetKey */
/** @typedef {BudgetKey | "performance"} FigureKey */
/**
 * A page's medians, by figure; null where no run computed it.
 * @typedef {Record<FigureKey, number | null>} Figures
 */
/**
 * A column of the tables: how a figure is shown, and its difference from the trivial page's.
 * @typedef {{
 *   key: FigureKey;
 *   title: string;
 *   show: (value: number) => string;
 *   delta?: (difference: number) => string;
 * }} Column
 */

const { appEnv } = standIn;
const RUNS = { simulate: numberOption("--runs", 5), devtools: numberOption("--applied-runs", 9) };
const PORT = numberOption("--port", 3400);
const ports = { app: PORT, trivial: PORT + 1 };
const url = (/** @type {keyof typeof ports} */ name, p = "/") =>
  `http://127.0.0.1:${ports[name]}${p}`;

/** The budgets: how far a page may be from the trivial page. */
/** @type {Record<BudgetKey, number>} */
const BUDGETS = {
  fcpMs: 400,
  lcpMs: 400,
  tbtMs: 100,
  ttiMs: 800,
  scriptGzip: 15_000,
};
const OWN_BUDGETS = { "/radio": { scriptGzip: 25_000 } };
/** Lighthouse's own CPU slowdown. */
const DEFAULT_CPU_SLOWDOWN = 4;
/**
 * With applied throttling, the quiet Lighthouse waits for before ending the trace (its minimum:
 * 5,250 ms). At a calibrated 10.4×, one run in four of the trivial page ended without the five
 * quiet seconds time to interactive needs, and gave no blocking time nor TTI; with 10 s, none of
 * the next six did. See audit() in scripts/lighthouse.mjs.
 */
const APPLIED_QUIET_MS = 10_000;
/** The second reference: the trivial page and one photo, for pages whose largest paint is one. */
const PHOTO_REFERENCE = "trivial page with a photo";

/**
 * The CPU slowdown that makes this host the mid-tier phone Lighthouse means, from its
 * benchmarkIndex: the piecewise line of Lighthouse's CPU throttling calculator
 * (lighthouse-cpu-throttling-calculator; docs/benchmarks.md, "Lighthouse"): 150 → 1×, 800 → 2×,
 * 1300 → 3×, then one more × every 233. A host below 150 is no faster than the phone: 1×.
 * @param {number} benchmarkIndex
 */
function calibratedSlowdown(benchmarkIndex) {
  const multiplier =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + (benchmarkIndex - 150) / 650;
  return Math.max(1, Math.round(multiplier * 10) / 10);
}

requireSystemPrograms("bench");

const env = appEnv({ siteUrl: url("app") });
await startStandIn();
if (!flag("--no-build")) {
  console.log("building the site and the trivial reference…");
  await nextBuild({ env });
  await buildTrivial();
}
await startSite({ port: ports.app, env });
// The trivial page with a photo (bench/trivial/app/photo) shows the lead photo of /sports, the
// very bytes the site answers at every width, from its own origin.
const leadPhotos = await copyLeadPhoto(url("app", "/sports"));
await startTrivial({ port: ports.trivial, env: { BENCH_LEAD_PHOTOS: leadPhotos } });

const list = await (await fetch(url("app", "/blog"))).text();
const post = list.match(/href="(\/blog\/[a-z0-9-]+)"/)?.[1];
if (!post) throw new Error("no post on /blog");
const PAGES = ["/", "/sports", post, "/blog", "/faq", "/radio"];
/** Every address of a round: the two references first, then the site's pages. */
const TARGETS = [
  { label: "trivial page", address: url("trivial") },
  { label: PHOTO_REFERENCE, address: url("trivial", "/photo") },
  ...PAGES.map((page) => ({ label: page, page, address: url("app", page) })),
];

// Rendered and stored once, with their photos made: what every reader after the first gets.
for (const { address } of TARGETS) {
  const response = await fetch(address);
  if (response.status !== 200) throw new Error(`${address}: ${response.status}`);
  const html = await response.text();
  for (const [photo] of html.matchAll(/\/photo\/[A-Za-z0-9_-]{22}\/\d+\.webp/g)) {
    await (await fetch(new URL(photo, address))).arrayBuffer();
  }
}

/** @type {Map<string, number>} */
const gzipped = new Map();
/** The gzip bytes of every script a run loaded, each fetched once. @param {string[]} scriptUrls */
async function scriptGzip(scriptUrls) {
  let bytes = 0;
  for (const address of new Set(scriptUrls)) {
    if (!gzipped.has(address)) {
      const response = await fetch(address, { headers: { "accept-encoding": "identity" } });
      const body = Buffer.from(await response.arrayBuffer());
      gzipped.set(address, gzipSync(body, { level: 9 }).length);
    }
    bytes += /** @type {number} set above */ (gzipped.get(address));
  }
  return bytes;
}

const chrome = await launchChromium();
let broken = 0;
try {
  // The host's power as Lighthouse rates it, on the trivial page (runs not counted): the median
  // of three, as one reading moves with whatever else the machine is doing.
  const probes = [];
  for (let i = 0; i < 3; i++) probes.push((await audit(chrome, url("trivial"))).benchmarkIndex);
  const hostIndex = median(probes);
  const calibrated = calibratedSlowdown(hostIndex);
  const benchmarkIndexes = [...probes];

  /** @type {ThrottlingMethod[]} */
  const methods = ["simulate", "devtools"];
  const slowdowns =
    calibrated === DEFAULT_CPU_SLOWDOWN
      ? [DEFAULT_CPU_SLOWDOWN]
      : [DEFAULT_CPU_SLOWDOWN, calibrated];
  const configs = methods.flatMap((throttlingMethod) =>
    slowdowns.map((cpuSlowdownMultiplier) => ({ throttlingMethod, cpuSlowdownMultiplier })),
  );

  console.log(
    `\nLighthouse, mobile settings, Debian's Chromium; medians of ${RUNS.simulate} runs (simulated` +
      ` throttling) and ${RUNS.devtools} (applied), each round the trivial` +
      ` page (bench/trivial, same Next), the trivial page with the lead photo of /sports, and then` +
      ` every page.`,
  );
  console.log(
    `Host benchmarkIndex ${hostIndex} (median of ${probes.join(", ")}): calibrated CPU slowdown ${calibrated}×` +
      ` (Lighthouse's CPU throttling calculator), beside the default ${DEFAULT_CPU_SLOWDOWN}×.`,
  );
  console.log(
    `Budgets, against the trivial page: FCP and LCP +${BUDGETS.fcpMs / 1000} s, TBT +${BUDGETS.tbtMs} ms,` +
      ` TTI +${BUDGETS.ttiMs / 1000} s, JavaScript +${BUDGETS.scriptGzip / 1000} kB gzip` +
      ` (/radio +${OWN_BUDGETS["/radio"].scriptGzip / 1000} kB).`,
  );

  const tally = [];
  for (const config of configs) {
    /** @type {Map<string, Run[]>} */
    const runs = new Map(TARGETS.map(({ label }) => [label, []]));
    for (let round = 0; round < RUNS[config.throttlingMethod]; round++) {
      for (const { label, address } of TARGETS) {
        const summary = await audit(chrome, address, {
          ...config,
          cpuQuietMs: config.throttlingMethod === "devtools" ? APPLIED_QUIET_MS : undefined,
        });
        benchmarkIndexes.push(summary.benchmarkIndex);
        if (summary.runtimeError) {
          broken++;
          console.error(`  ${label} (${config.throttlingMethod}): ${summary.runtimeError}`);
          continue;
        }
        /** @type {Run[]} every target has its list */ (runs.get(label)).push({
          ...summary,
          scriptGzip: await scriptGzip(summary.scriptUrls),
        });
      }
    }
    tally.push(printTable(config, runs));
  }

  const sorted = benchmarkIndexes.sort((a, b) => a - b);
  console.log(
    `\nbenchmarkIndex over the ${sorted.length} runs: median ${median(sorted)}, ${sorted[0]}–${sorted.at(-1)}.`,
  );
  console.log("Budgets over, by configuration:");
  for (const { label, over, checked, unmeasured, photoOver, photoChecked } of tally) {
    const without = unmeasured ? `, ${unmeasured} without a figure` : "";
    console.log(
      `  ${label.padEnd(34)} ${over} OVER of ${checked}${without}; photo-led largest paints against the` +
        ` trivial page with a photo: ${photoOver} OVER of ${photoChecked}`,
    );
  }
} finally {
  await chrome.kill();
}
process.exit(broken ? 1 : 0);

/**
 * Downloads every width of the page's lead photo (its high-priority preload) into a new folder,
 * as <width>.webp, and checks they are the widths the trivial page with a photo asks for.
 * @param {string} page
 */
async function copyLeadPhoto(page) {
  const html = await (await fetch(page)).text();
  const preload = html.match(/<link rel="preload"[^>]*fetchPriority="high"[^>]*>/)?.[0] ?? "";
  const srcSet = preload.match(/imageSrcSet="([^"]+)"/)?.[1];
  if (!srcSet) throw new Error(`${page}: no lead photo preloaded at high priority`);
  const folder = mkdtempSync(path.join(os.tmpdir(), "bench-lead-photo-"));
  process.on("exit", () => rmSync(folder, { recursive: true, force: true }));
  const widths = [];
  for (const candidate of srcSet.split(", ")) {
    // "<address> <width>w", as Next writes each candidate.
    const [address, descriptor] = /** @type {[string, string]} */ (candidate.split(" "));
    const response = await fetch(new URL(address, page));
    if (response.status !== 200) throw new Error(`${address}: ${response.status}`);
    const width = descriptor.replace(/w$/, "");
    writeFileSync(path.join(folder, `${width}.webp`), Buffer.from(await response.arrayBuffer()));
    widths.push(width);
  }
  if (widths.join() !== "400,640,800,1200") {
    throw new Error(
      `the lead photo's widths ${widths.join(", ")} are not bench/trivial/app/photo's`,
    );
  }
  return folder;
}

/** @param {number[]} values @returns {number} */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  // Indices within the list (of none, undefined: NaN, as ever; no caller has none).
  const at = (/** @type {number} */ index) => /** @type {number} */ (sorted[index]);
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
}

/**
 * One configuration: each page's medians, then its differences from the trivial page.
 * @param {{ throttlingMethod: ThrottlingMethod; cpuSlowdownMultiplier: number }} config
 * @param {Map<string, Run[]>} runs each target's completed runs
 */
function printTable({ throttlingMethod, cpuSlowdownMultiplier }, runs) {
  const label = `${throttlingMethod}, CPU ${cpuSlowdownMultiplier}×${cpuSlowdownMultiplier === DEFAULT_CPU_SLOWDOWN ? " (default)" : " (calibrated)"}`;
  const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(2)} s`;
  const kB = (/** @type {number} */ bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  /** @type {Column[]} */
  const columns = [
    {
      key: "fcpMs",
      title: "FCP",
      show: seconds,
      delta: (d) => `${d >= 0 ? "+" : ""}${(d / 1000).toFixed(2)} s`,
    },
    {
      key: "lcpMs",
      title: "LCP",
      show: seconds,
      delta: (d) => `${d >= 0 ? "+" : ""}${(d / 1000).toFixed(2)} s`,
    },
    {
      key: "tbtMs",
      title: "TBT",
      show: (ms) => `${ms} ms`,
      delta: (d) => `${d >= 0 ? "+" : ""}${d} ms`,
    },
    {
      key: "ttiMs",
      title: "TTI",
      show: seconds,
      delta: (d) => `${d >= 0 ? "+" : ""}${(d / 1000).toFixed(2)} s`,
    },
    { key: "performance", title: "perf", show: String },
    { key: "scriptGzip", title: "JS gzip", show: kB, delta: (d) => `${d >= 0 ? "+" : ""}${kB(d)}` },
  ];
  const WIDTH = 16;
  const row = (/** @type {string} */ name, /** @type {string[]} */ cells) =>
    `  ${name.padEnd(40)}${cells.map((c) => c.padStart(WIDTH)).join("")}`;
  // A figure Lighthouse could not compute in a run (null) is left out of that figure's median,
  // and the cell says of how many runs it is; with none, the figure is missing, never a number.
  /** @type {Map<string, string>} */
  const counts = new Map();
  /** @type {Map<string, Figures | null>} */
  const medians = new Map(
    [...runs].map(([name, list]) => [
      name,
      list.length
        ? /** @type {Figures} a figure for each column */ (
            Object.fromEntries(
              columns.map(({ key }) => {
                const values = list.map((r) => r[key]).filter((value) => value !== null);
                counts.set(`${name}/${key}`, `${values.length}/${list.length}`);
                return [key, values.length ? Math.round(median(values)) : null];
              }),
            )
          )
        : null,
    ]),
  );
  const runsOf = (/** @type {string} */ name) =>
    /** @type {Run[]} a page of `runs` */ (runs.get(name));
  /** @param {string} name @param {Column} column @param {Figures} figures */
  const shown = (name, { key, show }, figures) => {
    // Set with the figure, for a page that has runs.
    const count = /** @type {string} */ (counts.get(`${name}/${key}`));
    const figure = figures[key];
    if (figure === null) return `none (${count})`;
    return count.startsWith(`${runsOf(name).length}/`)
      ? show(figure)
      : `${show(figure)} (${count})`;
  };
  console.log(`\n${label}`);
  console.log(
    row(
      "page",
      columns.map((c) => c.title),
    ),
  );
  const trivial = medians.get("trivial page");
  const withPhoto = medians.get(PHOTO_REFERENCE);
  let over = 0;
  let checked = 0;
  let unmeasured = 0;
  let photoOver = 0;
  let photoChecked = 0;
  for (const [name, figures] of medians) {
    if (!figures) {
      console.log(row(name, ["no run completed"]));
      continue;
    }
    console.log(
      row(
        name,
        columns.map((c) => shown(name, c, figures)),
      ),
    );
    if (name === "trivial page" || name === PHOTO_REFERENCE || !trivial) continue;
    const cells = columns.map(({ key, delta }) => {
      if (!delta) return "";
      const figure = figures[key];
      const reference = trivial[key];
      if (figure === null || reference === null) {
        unmeasured++;
        return "no figure";
      }
      // A column with a difference has a budget; a page may have its own.
      const budgetKey = /** @type {BudgetKey} */ (key);
      const own = /** @type {Record<string, Partial<Record<BudgetKey, number>>>} */ (OWN_BUDGETS);
      const budget = own[name]?.[budgetKey] ?? BUDGETS[budgetKey];
      const difference = figure - reference;
      const pass = difference <= budget;
      checked++;
      if (!pass) over++;
      return `${delta(difference)} ${pass ? "PASS" : "OVER"}`;
    });
    console.log(row("  − trivial page", cells));
    // A page whose largest paint is a photo (in most runs) beside the framework's ceiling for
    // one: the photo's own request is then counted in both.
    const photoLed = runsOf(name).filter((r) => /^<img\b/.test(r.lcpElement ?? "")).length;
    if (
      withPhoto &&
      photoLed * 2 > runsOf(name).length &&
      figures.lcpMs !== null &&
      withPhoto.lcpMs !== null
    ) {
      const difference = figures.lcpMs - withPhoto.lcpMs;
      const pass = difference <= BUDGETS.lcpMs;
      photoChecked++;
      if (!pass) photoOver++;
      console.log(
        row("  − trivial page with a photo", [
          "",
          `${/** @type {Required<Column>} the LCP column */ (columns[1]).delta(difference)} ${pass ? "PASS" : "OVER"}`,
        ]),
      );
    }
  }
  // Why figures are missing, as Lighthouse says it, with how many runs each.
  /** @type {Map<string, number>} */
  const reasons = new Map();
  for (const list of runs.values()) {
    for (const run of list) {
      for (const [key, reason] of Object.entries(run.missing)) {
        const title = columns.find((c) => c.key === key)?.title ?? key;
        const line = `${title}: ${reason}`;
        reasons.set(line, (reasons.get(line) ?? 0) + 1);
      }
    }
  }
  for (const [line, times] of reasons) console.log(`  no figure in ${times} runs, ${line}`);
  return { label, over, checked, unmeasured, photoOver, photoChecked };
}
