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
import { summarise } from "./lib/lighthouse-summary.mjs";

/** @typedef {"simulate" | "devtools"} ThrottlingMethod */
/** @type {ThrottlingMethod[]} */
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

/**
 * One Lighthouse run of `url` in `chrome`. `cpuSlowdownMultiplier` replaces the default 4× CPU
 * slowdown (the rest of the phone's throttling stays Lighthouse's). `cpuQuietMs` lengthens the
 * quiet Lighthouse waits for before it ends the trace (its own minimum is 5,250 ms with applied
 * throttling): under a heavy applied slowdown the page's observer and the trace disagree on
 * what a long task is, the trace ends before its five quiet seconds, and Lighthouse gives no
 * blocking time nor time to interactive (NO_TTI_CPU_IDLE_PERIOD, GoogleChrome/lighthouse#10503).
 * @param {chromeLauncher.LaunchedChrome} chrome
 * @param {string} url
 * @param {{
 *   throttlingMethod?: ThrottlingMethod;
 *   cpuSlowdownMultiplier?: number;
 *   cpuQuietMs?: number;
 * }} [options]
 */
export async function audit(
  chrome,
  url,
  { throttlingMethod = "simulate", cpuSlowdownMultiplier, cpuQuietMs } = {},
) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    throttlingMethod,
    ...(cpuSlowdownMultiplier ? { throttling: { cpuSlowdownMultiplier } } : {}),
    ...(cpuQuietMs ? { cpuQuietThresholdMs: cpuQuietMs } : {}),
    // The machine running the gates may be offline: requests to other hosts (the video poster)
    // are blocked the way Lighthouse intends for third parties; it leaves such blocked requests
    // out of its console-errors audit.
    blockedUrlPatterns: ["https://*"],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return summarise(result.lhr);
}

/** @param {string[]} argv */
async function main(argv) {
  const throttlingAt = argv.indexOf("--throttling");
  const throttlingMethod = /** @type {ThrottlingMethod} checked below */ (
    throttlingAt >= 0 ? argv.splice(throttlingAt, 2)[1] : "simulate"
  );
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
