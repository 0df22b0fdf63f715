/**
 * The front door of lib/ops: what operators see and use. The logger (log.ts), the Prometheus
 * metrics (metrics.ts, a leaf: it imports nothing else of lib/, the modules that own a value it
 * reports hand it a reader with onCollect), the operator secret of the protected routes, and the
 * body of POST /api/revalidate.
 */
export {
  createLogger,
  formatTextLine,
  logConfigProblem,
  logger,
  logNotFound,
  logRefresh,
  logRefused,
  logUpstreamError,
} from "./log";
export {
  FEED_OUTCOMES,
  metrics,
  onCollect,
  type BlogReadOutcome,
  type CollectedMetric,
  type FeedOutcome,
  type Metrics,
  type RefreshKind,
} from "./metrics";
export { hasOperatorSecret, secretRefused } from "./operator-secret";
