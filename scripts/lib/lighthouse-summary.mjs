/**
 * The figures of one Lighthouse result (its `lhr`) that the quality gate
 * (e2e/quality/lighthouse.spec.ts) and the bench (scripts/bench-lighthouse.mjs) read. Apart from
 * scripts/lighthouse.mjs so that it can be tested without Lighthouse (an ES module only).
 */

/**
 * What summarise() reads of a Lighthouse result: Lighthouse's own `Result` is one.
 * @typedef {{
 *   categories: Record<string, { score: number | null } | undefined>;
 *   audits: Record<string, Audit>;
 *   environment?: { benchmarkIndex?: number };
 *   configSettings?: { throttling?: { cpuSlowdownMultiplier?: number } };
 *   runtimeError?: { message?: string };
 * }} LighthouseResult
 * @typedef {{
 *   id?: string;
 *   score?: number | null;
 *   scoreDisplayMode?: string;
 *   numericValue?: number;
 *   errorMessage?: string;
 *   details?: unknown;
 * }} Audit
 * @typedef {{ resourceType?: string; transferSize?: number; url: string }} NetworkRequest
 */

/**
 * The figures of one run: category scores out of 100 and figures in ms (CLS unitless), null
 * when Lighthouse could not score or compute them (`missing` says why, by the figure's key).
 * @typedef {{
 *   performance: number | null;
 *   accessibility: number | null;
 *   bestPractices: number | null;
 *   seo: number | null;
 *   fcpMs: number | null;
 *   lcpMs: number | null;
 *   lcpElement: string | null;
 *   tbtMs: number | null;
 *   ttiMs: number | null;
 *   cls: number | null;
 *   missing: Partial<Record<MetricKey, string>>;
 *   imageBytes: number;
 *   scriptBytes: number;
 *   scriptUrls: string[];
 *   documentBytes: number;
 *   benchmarkIndex: number;
 *   cpuSlowdownMultiplier: number | null;
 *   failingAudits: string[];
 *   runtimeError: string | null;
 * }} LighthouseSummary
 */

/** The audits behind the figures of summarise(), by the figure's key. */
const METRICS = {
  fcpMs: "first-contentful-paint",
  lcpMs: "largest-contentful-paint",
  tbtMs: "total-blocking-time",
  ttiMs: "interactive",
  cls: "cumulative-layout-shift",
};
/** @typedef {keyof typeof METRICS} MetricKey */

/**
 * The figures of one run that the gate and the bench read.
 * @param {LighthouseResult} lhr
 * @returns {LighthouseSummary}
 */
export function summarise(lhr) {
  const score = (/** @type {string} */ id) => {
    const value = lhr.categories[id]?.score;
    return typeof value === "number" ? Math.round(value * 100) : null;
  };
  // Each figure, or null when Lighthouse could not compute it (e.g. NO_TTI_CPU_IDLE_PERIOD):
  // never a number that a budget would read as a result. `missing` says why, by key.
  const figures = /** @type {Record<MetricKey, number | null>} every key set below */ ({});
  /** @type {LighthouseSummary["missing"]} */
  const missing = {};
  for (const [key, id] of /** @type {[MetricKey, string][]} */ (Object.entries(METRICS))) {
    const value = lhr.audits[id]?.numericValue;
    if (value !== undefined && Number.isFinite(value)) {
      figures[key] = key === "cls" ? Number(value.toFixed(3)) : Math.round(value);
    } else {
      figures[key] = null;
      missing[key] = lhr.audits[id]?.errorMessage ?? `no ${id} audit`;
    }
  }
  const failing = Object.values(lhr.audits)
    // An audit without a score (undefined) is not below 1.
    .filter(
      (a) =>
        a.score !== null && /** @type {number} */ (a.score) < 1 && a.scoreDisplayMode === "binary",
    )
    .map((a) => /** @type {string} a failing audit has its id */ (a.id));
  const details = /** @type {{ items?: NetworkRequest[] } | undefined} a table of requests */ (
    lhr.audits["network-requests"]?.details
  );
  const requests = details?.items ?? [];
  // Bytes as they crossed the wire: the servers compress, so scripts and HTML count gzipped.
  const transferred = (/** @type {string} */ type) =>
    requests
      .filter((item) => item.resourceType === type)
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    ...figures,
    missing,
    // The largest paint's element as Lighthouse shows it (`<img …>`, `<h1 …>`).
    lcpElement: firstSnippet(lhr.audits["largest-contentful-paint-element"]?.details),
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

/**
 * The first element (a node item's snippet) anywhere in an audit's details, or null.
 * @param {unknown} value
 * @returns {string | null}
 */
function firstSnippet(value) {
  if (!value || typeof value !== "object") return null;
  const item = /** @type {{ type?: unknown; snippet?: unknown }} */ (value);
  if (item.type === "node" && typeof item.snippet === "string") return item.snippet;
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    const found = firstSnippet(child);
    if (found) return found;
  }
  return null;
}
