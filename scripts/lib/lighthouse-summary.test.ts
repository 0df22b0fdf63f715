/**
 * scripts/lib/lighthouse-summary.mjs: what the gate and the bench read of a Lighthouse result.
 * A figure Lighthouse could not compute must come out as missing, with Lighthouse's reason,
 * never as a number a budget would compare.
 */
import { summarise } from "./lighthouse-summary.mjs";

const NO_TTI = "Your page took too long to load. (NO_TTI_CPU_IDLE_PERIOD)";

/** A result as Lighthouse 12 gives it, with the audits the summary reads. */
function result({ tti = true } = {}) {
  const timed = (numericValue: number) => ({ numericValue, score: 1, scoreDisplayMode: "numeric" });
  const errored = { score: null, scoreDisplayMode: "error", errorMessage: NO_TTI };
  return {
    categories: {
      performance: { score: tti ? 0.97 : null },
      accessibility: { score: 1 },
      "best-practices": { score: 1 },
      seo: { score: 0.92 },
    },
    audits: {
      "first-contentful-paint": timed(812.4),
      "largest-contentful-paint": timed(1003.6),
      "largest-contentful-paint-element": {
        details: {
          type: "list",
          items: [
            { type: "table", items: [{ node: { type: "node", snippet: '<h1 class="title">' } }] },
          ],
        },
      },
      "total-blocking-time": tti ? timed(164.2) : errored,
      interactive: tti ? timed(2290.7) : errored,
      "cumulative-layout-shift": timed(0.00412),
      "meta-description": { id: "meta-description", score: 0, scoreDisplayMode: "binary" },
      "network-requests": {
        details: {
          items: [
            { resourceType: "Document", transferSize: 21_500, url: "http://127.0.0.1/" },
            { resourceType: "Script", transferSize: 70_000, url: "http://127.0.0.1/a.js" },
            { resourceType: "Script", transferSize: 64_600, url: "http://127.0.0.1/b.js" },
          ],
        },
      },
    },
    environment: { benchmarkIndex: 1146.6 },
    configSettings: { throttling: { cpuSlowdownMultiplier: 4 } },
  };
}

describe("summarise", () => {
  test("reads the scores, the figures rounded, the bytes and the largest paint's element", () => {
    const summary = summarise(result());
    expect(summary).toMatchObject({
      performance: 97,
      accessibility: 100,
      seo: 92,
      fcpMs: 812,
      lcpMs: 1004,
      tbtMs: 164,
      ttiMs: 2291,
      cls: 0.004,
      lcpElement: '<h1 class="title">',
      documentBytes: 21_500,
      scriptBytes: 134_600,
      scriptUrls: ["http://127.0.0.1/a.js", "http://127.0.0.1/b.js"],
      benchmarkIndex: 1147,
      failingAudits: ["meta-description"],
      missing: {},
      runtimeError: null,
    });
  });

  test("a figure Lighthouse could not compute is null, with its reason, not a number", () => {
    const summary = summarise(result({ tti: false }));
    expect(summary.tbtMs).toBeNull();
    expect(summary.ttiMs).toBeNull();
    expect(summary.performance).toBeNull();
    expect(summary.missing).toEqual({ tbtMs: NO_TTI, ttiMs: NO_TTI });
    expect(summary.lcpMs).toBe(1004);
  });

  test("an audit absent from the result is missing too, CLS included", () => {
    const lhr = result();
    delete (lhr.audits as Record<string, unknown>)["cumulative-layout-shift"];
    const summary = summarise(lhr);
    expect(summary.cls).toBeNull();
    expect(summary.missing).toEqual({ cls: "no cumulative-layout-shift audit" });
  });
});
