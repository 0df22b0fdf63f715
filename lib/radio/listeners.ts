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

// On globalThis: the metrics route (another module instance in the same process) reads it.
const holder = globalThis as { __riverbendListeners?: ListenerGate };
export const listeners: ListenerGate = (holder.__riverbendListeners ??= new ListenerGate());
