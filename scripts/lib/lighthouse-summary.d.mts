/** Types of scripts/lib/lighthouse-summary.mjs (plain JS: Lighthouse's runner is an ES module). */
export interface LighthouseSummary {
  /** Category scores out of 100; null when Lighthouse could not score the category. */
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  /** Figures in ms (CLS unitless); null when Lighthouse could not compute them. */
  fcpMs: number | null;
  lcpMs: number | null;
  lcpElement: string | null;
  tbtMs: number | null;
  ttiMs: number | null;
  cls: number | null;
  /** Why each null figure above is missing, by its key. */
  missing: Partial<Record<"fcpMs" | "lcpMs" | "tbtMs" | "ttiMs" | "cls", string>>;
  imageBytes: number;
  scriptBytes: number;
  scriptUrls: string[];
  documentBytes: number;
  benchmarkIndex: number;
  cpuSlowdownMultiplier: number | null;
  failingAudits: string[];
  runtimeError: string | null;
}
/** The figures of one Lighthouse result (its `lhr`). */
export function summarise(lhr: unknown): LighthouseSummary;
