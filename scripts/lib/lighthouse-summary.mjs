/**
 * The figures of one Lighthouse result (its `lhr`) that the quality gate
 * (e2e/quality/lighthouse.spec.ts) and the bench (scripts/bench-lighthouse.mjs) read. Apart from
 * scripts/lighthouse.mjs so that it can be tested without Lighthouse (an ES module only).
 */

/** The audits behind the figures of summarise(), by the figure's key. */
const METRICS = {
  fcpMs: "first-contentful-paint",
  lcpMs: "largest-contentful-paint",
  tbtMs: "total-blocking-time",
  ttiMs: "interactive",
  cls: "cumulative-layout-shift",
};

/** The figures of one run that the gate and the bench read. */
export function summarise(lhr) {
  const score = (id) => {
    const value = lhr.categories[id]?.score;
    return typeof value === "number" ? Math.round(value * 100) : null;
  };
  // Each figure, or null when Lighthouse could not compute it (e.g. NO_TTI_CPU_IDLE_PERIOD):
  // never a number that a budget would read as a result. `missing` says why, by key.
  const figures = {};
  const missing = {};
  for (const [key, id] of Object.entries(METRICS)) {
    const value = lhr.audits[id]?.numericValue;
    if (Number.isFinite(value)) {
      figures[key] = key === "cls" ? Number(value.toFixed(3)) : Math.round(value);
    } else {
      figures[key] = null;
      missing[key] = lhr.audits[id]?.errorMessage ?? `no ${id} audit`;
    }
  }
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
