/**
 * A backfill's steps run in the background, one at a time, until one finds nothing left: the
 * word pairs of an archive from before them, on both engines (sqlite/pairs.ts,
 * postgres-pairs.ts). A step is short (a few hundred items, a transaction of its own), so the
 * engine's other work goes between steps.
 */

/** The pause between two steps that found work. */
const STEP_PAUSE_MS = 20;
/** The pause after a step failed (the database away, the file held by another process). */
const FAILED_PAUSE_MS = 1000;
/** The pause while another instance runs the backfill: it may stop before it is done. */
const BUSY_PAUSE_MS = 10_000;

export interface Backfill {
  /** No further step; resolves once a step under way has ended. */
  stop(): Promise<void>;
}

/**
 * Runs `step` until it reads nothing. `step`: the items it read; 0 when the backfill is done;
 * -1 when another instance is running it.
 */
export function backfill(
  step: () => number | Promise<number>,
  { failedPauseMs = FAILED_PAUSE_MS }: { failedPauseMs?: number } = {},
): Backfill {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const next = (pause: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      running = run();
    }, pause);
  };
  const run = async () => {
    let read: number;
    try {
      read = await step();
    } catch {
      return next(failedPauseMs);
    }
    if (read > 0) next(STEP_PAUSE_MS);
    else if (read < 0) next(BUSY_PAUSE_MS);
  };
  next(0);
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
