#!/usr/bin/env node
/**
 * Lighthouse (mobile settings: the default config) with Debian's Chromium, on pages of a running
 * site. As a command, the quality gate's runner (e2e/quality/lighthouse.spec.ts; Lighthouse is
 * ESM-only): one run of each given page, one JSON line of results.
 *
 *   node scripts/lighthouse.mjs http://127.0.0.1:3100 / /sports /faq
 *   node scripts/lighthouse.mjs --throttling devtools http://127.0.0.1:3100 / /sports
 *
 * One run a page is enough for the gate: it reads only what does not move with the machine's
 * speed (accessibility, best practices and SEO, layout shift, bytes). The speed figures (paints,
 * blocking time, time to interactive, the performance score) are measured by
 * scripts/bench-lighthouse.mjs, which runs Lighthouse through launchChromium() and audit() below.
 *
 * `--throttling simulate` (the default, Lighthouse's own) loads the page unthrottled and models a
 * slow phone on the trace (Lantern); `devtools` applies the same phone's network and CPU limits
 * to the real load.
 *
 * The site under test is served on 127.0.0.1: every other host is blocked (and fails to
 * resolve), so a run never depends on the network.
 */
import { pathToFileURL } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export const THROTTLING_METHODS = ["simulate", "devtools"];

/** Debian's Chromium, headless, that can reach 127.0.0.1 and nothing else. */
export function launchChromium() {
  return chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    ],
  });
}

/** The figures of one run that the gate and the bench read. */
export function summarise(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id) => Math.round(lhr.audits[id]?.numericValue ?? -1);
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
    .map((a) => a.id);
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  // Bytes as they crossed the wire: the servers compress, so scripts and HTML count gzipped.
  const transferred = (type) =>
    requests
      .filter((item) => item.resourceType === type)
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcpMs: metric("first-contentful-paint"),
    lcpMs: metric("largest-contentful-paint"),
    // The largest paint's element as Lighthouse shows it (`<img …>`, `<h1 …>`).
    lcpElement: firstSnippet(lhr.audits["largest-contentful-paint-element"]?.details),
    tbtMs: metric("total-blocking-time"),
    ttiMs: metric("interactive"),
    cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? -1).toFixed(3)),
    imageBytes: transferred("Image"),
    scriptBytes: transferred("Script"),
    scriptUrls: requests.filter((item) => item.resourceType === "Script").map((item) => item.url),
    documentBytes: transferred("Document"),
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
    cpuSlowdownMultiplier: lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? null,
    failingAudits: failing,
    runtimeError: lhr.runtimeError?.message ?? null,
  };
}

/** The first element (a node item's snippet) anywhere in an audit's details, or null. */
function firstSnippet(value) {
  if (!value || typeof value !== "object") return null;
  if (value.type === "node" && typeof value.snippet === "string") return value.snippet;
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    const found = firstSnippet(child);
    if (found) return found;
  }
  return null;
}

/**
 * One Lighthouse run of `url` in `chrome`. `cpuSlowdownMultiplier` replaces the default 4× CPU
 * slowdown (the rest of the phone's throttling stays Lighthouse's).
 */
export async function audit(
  chrome,
  url,
  { throttlingMethod = "simulate", cpuSlowdownMultiplier } = {},
) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    throttlingMethod,
    ...(cpuSlowdownMultiplier ? { throttling: { cpuSlowdownMultiplier } } : {}),
    // The machine running the gates may be offline: requests to other hosts (the video poster)
    // are blocked the way Lighthouse intends for third parties; it leaves such blocked requests
    // out of its console-errors audit.
    blockedUrlPatterns: ["https://*"],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return summarise(result.lhr);
}

async function main(argv) {
  const throttlingAt = argv.indexOf("--throttling");
  const throttlingMethod = throttlingAt >= 0 ? argv.splice(throttlingAt, 2)[1] : "simulate";
  if (!THROTTLING_METHODS.includes(throttlingMethod)) {
    console.error(`--throttling must be simulate or devtools, not "${throttlingMethod}"`);
    process.exit(2);
  }
  const [base, ...paths] = argv;
  if (!base || paths.length === 0) {
    console.error(
      "usage: node scripts/lighthouse.mjs [--throttling simulate|devtools] <base url> <path>...",
    );
    process.exit(2);
  }
  const chrome = await launchChromium();
  const results = [];
  try {
    for (const path of paths) {
      const summary = await audit(chrome, new URL(path, base).toString(), { throttlingMethod });
      results.push({ path, throttlingMethod, ...summary });
    }
  } finally {
    await chrome.kill();
  }
  console.log(JSON.stringify(results));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await main(process.argv.slice(2));
}
