/** A piece of work waiting for a slot, or running. */
export interface Job<T> {
  readonly done: Promise<T>;
  /** Moves the work, if it is still waiting, ahead of the background's. */
  promote(): void;
}

/**
 * At most `max` pieces of work at once; when a slot frees, urgent work (a reader waits for it)
 * goes before the background's (work done ahead of anyone asking), so on a cold start a
 * reader's request does not wait behind all the work made in advance.
 */
export class PriorityLimiter {
  private running = 0;
  private readonly urgent: Array<() => void> = [];
  private readonly background: Array<() => void> = [];
  constructor(private readonly max: number) {}

  schedule<T>(work: () => Promise<T>, { background = false } = {}): Job<T> {
    let start!: () => void;
    const started = new Promise<void>((resolve) => (start = resolve));
    const done = (async () => {
      if (this.running < this.max) {
        this.running++;
      } else {
        (background ? this.background : this.urgent).push(start);
        // The slot is handed over by the work that frees it.
        await started;
      }
      try {
        return await work();
      } finally {
        const next = this.urgent.shift() ?? this.background.shift();
        if (next) next();
        else this.running--;
      }
    })();
    const promote = () => {
      const at = this.background.indexOf(start);
      if (at >= 0) this.urgent.push(...this.background.splice(at, 1));
    };
    return { done, promote };
  }
}
