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
  // null when Lighthouse could not compute the figure (e.g. NO_TTI_CPU_IDLE_PERIOD): never a
  // number that a budget would read as a result.
  const metric = (id) => {
    const value = lhr.audits[id]?.numericValue;
    return Number.isFinite(value) ? Math.round(value) : null;
  };
  const missing = Object.fromEntries(
    Object.entries(METRICS)
      .filter(([, id]) => !Number.isFinite(lhr.audits[id]?.numericValue))
      .map(([key, id]) => [key, lhr.audits[id]?.errorMessage ?? `no ${id} audit`]),
  );
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
    fcpMs: metric(METRICS.fcpMs),
    lcpMs: metric(METRICS.lcpMs),
    // The largest paint's element as Lighthouse shows it (`<img …>`, `<h1 …>`).
    lcpElement: firstSnippet(lhr.audits["largest-contentful-paint-element"]?.details),
    tbtMs: metric(METRICS.tbtMs),
    ttiMs: metric(METRICS.ttiMs),
    cls: Number.isFinite(lhr.audits[METRICS.cls]?.numericValue)
      ? Number(lhr.audits[METRICS.cls].numericValue.toFixed(3))
      : null,
    /** Why each figure above that is null is missing, by key. */
    missing,
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
