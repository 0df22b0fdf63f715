import { AsyncLocalStorage } from "node:async_hooks";
import { processSingleton } from "../process";

/**
 * The moment the caller of withArchive (engine.ts) stops waiting, carried through the engine's
 * calls, so that a read its caller has given up on costs the archive nothing more: a statement
 * still waiting for a connection or a thread then is never started, and one started late is
 * given only the time left (PostgreSQL cancels it then; SQLite's thread is replaced). Without
 * it, a reader's deadline ended the wait, not the work: a busy PostgreSQL pool went on to run
 * statements whose pages had already been answered (postgres-pool.test.ts).
 *
 * One store for the process (lib/process/singleton.mjs): the engine may be opened by one of
 * Next's module instances and read through another's withArchive.
 */
const deadlines = processSingleton("archive-deadlines", () => new AsyncLocalStorage<number>());

/** Runs `work` with a deadline `ms` from now (or the caller's, if that is sooner). */
export function withinDeadline<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const deadline = Math.min(deadlines.getStore() ?? Infinity, Date.now() + ms);
  return deadlines.run(deadline, work);
}

/** Milliseconds left before the caller stops waiting (0 or less: gone); null with no caller. */
export function timeLeft(): number | null {
  const deadline = deadlines.getStore();
  return deadline === undefined ? null : deadline - Date.now();
}
