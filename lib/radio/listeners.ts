import { onCollect } from "../ops";
import { processSingleton } from "../process";

/**
 * Counts the streams the proxy is serving, so that a crowd beyond the configured cap gets a
 * quick 503 instead of slowing every other listener down. One count per server process.
 */
export class ListenerGate {
  private active = 0;

  get count(): number {
    return this.active;
  }

  /** A release function when there is room (call it once the stream ends), else null. */
  tryAcquire(max: number): (() => void) | null {
    if (this.active >= max) return null;
    this.active += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active -= 1;
    };
  }
}

// One count for the process, whichever route handler serves the stream.
export const listeners: ListenerGate = processSingleton(
  "radio-listeners",
  () => new ListenerGate(),
);

// riverbend_radio_listeners reads the count when scraped (lib/ops/metrics.ts is a leaf and
// does not import it). Until this module first loads, no stream was served: the gauge reads 0.
onCollect("radioListeners", () => listeners.count);
