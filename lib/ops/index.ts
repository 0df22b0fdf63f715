/**
 * The front door of lib/ops: what operators see and use. The logger (log.ts), the Prometheus
 * metrics (metrics.ts, a leaf: it imports nothing else of lib/, the modules that own a value it
 * reports hand it a reader with onCollect), the operator secret of the protected routes, and the
 * body of POST /api/revalidate.
 */
export {
  logConfigProblem,
  logger,
  logNotFound,
  logRefresh,
  logRefused,
  logUpstreamError,
} from "./log";
export { metrics, onCollect, type FeedOutcome } from "./metrics";
export { hasOperatorSecret, presentedSecret, secretRefused } from "./operator-secret";
