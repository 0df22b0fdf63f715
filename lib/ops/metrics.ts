import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { processSingleton } from "../process";

/**
 * The server's metrics in Prometheus format (GET /api/metrics). One registry of our own, not
 * prom-client's global one, one for the process (lib/process/singleton.mjs): each module
 * instance would otherwise register (and count) on its own copy, or fail registering the same
 * name twice.
 */

/** How one feed fetch ended. */
export type FeedOutcome =
  "ok" | "not-modified" | "http-error" | "timeout" | "parse-error" | "refused" | "network-error";

/**
 * The metrics whose value lives in another module, read when the metrics are scraped. This file
 * imports nothing else from lib/ (it is a leaf: the domains import it, never the other way), so
 * the module that owns the value hands over a reader with `onCollect` when it loads:
 * lib/radio/listeners.ts (radioListeners).
 * Until a reader is installed the metric reads 0, as its owner has counted nothing yet.
 */
export type CollectedMetric = "radioListeners";

// One for the process, like the registry.
const sources = processSingleton("metric-sources", () => new Map<CollectedMetric, () => number>());

/** Installs (or replaces) the reader of a metric whose value another module keeps. */
export function onCollect(name: CollectedMetric, read: () => number): void {
  sources.set(name, read);
}

function collected(name: CollectedMetric): number {
  return sources.get(name)?.() ?? 0;
}

function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    feedFetches: new Counter({
      name: "riverbend_feed_fetches_total",
      help: "Feed fetches by section and outcome (ok, not-modified, http-error, timeout, parse-error, refused, network-error).",
      labelNames: ["section", "outcome"] as const,
      registers: [registry],
    }),
    feedFetchSeconds: new Histogram({
      name: "riverbend_feed_fetch_duration_seconds",
      help: "Time a feed fetch took, from request to parsed items (or failure), by section.",
      labelNames: ["section"] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16],
      registers: [registry],
    }),
    sectionItems: new Gauge({
      name: "riverbend_section_items",
      help: "Headlines a section showed after its last read (merged, capped).",
      labelNames: ["section"] as const,
      registers: [registry],
    }),
    radioListeners: new Gauge({
      name: "riverbend_radio_listeners",
      help: "Radio streams the proxy is serving now.",
      registers: [registry],
      collect() {
        this.set(collected("radioListeners"));
      },
    }),
    streamsOpened: new Counter({
      name: "riverbend_radio_streams_opened_total",
      help: "Radio streams the proxy started passing on to a listener.",
      registers: [registry],
    }),
    streamsClosed: new Counter({
      name: "riverbend_radio_streams_closed_total",
      help: "Radio streams that ended (listener left or station stopped).",
      registers: [registry],
    }),
    blogReads: new Counter({
      name: "riverbend_blog_source_reads_total",
      help: "Reads of the blog source by outcome (stale: failed, last good copy served).",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    headlinesAge: new Histogram({
      name: "riverbend_headlines_age_seconds",
      help: "How old a page's headlines are as it is served: seconds since its feeds were last read (polled, pushed or refreshed). Pages served from the cache and pages rendered.",
      buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600, 21600],
      registers: [registry],
    }),
    feedChangeToPage: new Histogram({
      name: "riverbend_feed_change_to_page_seconds",
      help: "From a feed's change being read to each page that shows it being rendered (once per publication and section).",
      buckets: [0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600],
      registers: [registry],
    }),
    feedPolls: new Counter({
      name: "riverbend_feed_polls_total",
      help: "Scheduled polls this instance made, by what set their interval (publish-rate, max-age, ttl, update-period, websub, floor, ceiling, back-off, retry-after).",
      labelNames: ["reason"] as const,
      registers: [registry],
    }),
    websubDeliveries: new Counter({
      name: "riverbend_websub_deliveries_total",
      help: "WebSub content deliveries by outcome (applied, unchanged, bad-signature, unknown-subscription, too-large, parse-error).",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    refreshes: new Counter({
      name: "riverbend_refreshes_total",
      help: "On-demand refreshes (POST /api/revalidate) by kind.",
      labelNames: ["kind"] as const,
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof create>;

export function metrics(): Metrics {
  return processSingleton("metrics", create);
}
