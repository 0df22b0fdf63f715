import { processSingleton } from "../process";
import { withArchive } from "./engine";

/**
 * Whether the archive answers now, for the one answer that must say so before rendering:
 * /search's 503 (proxy.ts). A trivial read (the span of a publication that does not exist:
 * one index lookup), given PROBE_TIMEOUT_MS; the answer is kept PROBE_KEPT_MS, so a burst of
 * searches costs the database one probe a second, and a reader waits on a database that is
 * away at most PROBE_TIMEOUT_MS, once a second.
 */
const PROBE_TIMEOUT_MS = 500;
const PROBE_KEPT_MS = 1000;

const state = processSingleton("archive-health", () => ({
  at: 0,
  answer: null as Promise<boolean> | null,
}));

export function archiveReachable(): Promise<boolean> {
  const now = Date.now();
  if (!state.answer || now - state.at >= PROBE_KEPT_MS) {
    state.at = now;
    state.answer = withArchive((engine) => engine.span(""), PROBE_TIMEOUT_MS).then(
      () => true,
      () => false,
    );
  }
  return state.answer;
}
