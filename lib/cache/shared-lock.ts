import { sharedExtend, sharedLock, sharedUnlock } from "./shared-store";

/**
 * Locks every instance shares (in Redis): one instance at a time reads a feed, polls its slot,
 * asks a hub. A lock lapses by itself `ttlMs` after its holder last renewed it, so a holder that
 * dies frees it soon. Every step answers a named outcome; without Redis (none configured, or it
 * does not answer) the outcome is "unshared": this process acts alone, as it would with one
 * instance.
 */

export interface HeldLock {
  readonly name: string;
  /** Keeps the lock `ttlMs` more if it is still this holder's. */
  extend(ttlMs: number): Promise<boolean>;
  /** Renews the lock every `everyMs` for `ttlMs` more, until the returned function is called. */
  keepRenewing(ttlMs: number, everyMs: number): () => void;
  /** Lets go of the lock if it is still this holder's. */
  release(): Promise<void>;
}

export type LockAttempt =
  { outcome: "acquired"; lock: HeldLock } | { outcome: "held-elsewhere" } | { outcome: "unshared" };

function held(name: string, token: string): HeldLock {
  return {
    name,
    extend: (ttlMs) => sharedExtend(name, token, ttlMs),
    keepRenewing(ttlMs, everyMs) {
      const timer = setInterval(() => void sharedExtend(name, token, ttlMs), everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
    release: () => sharedUnlock(name, token),
  };
}

/** Takes the lock `name` for `ttlMs` if nobody holds it. */
export async function tryLock(name: string, ttlMs: number): Promise<LockAttempt> {
  const token = await sharedLock(name, ttlMs);
  if (token === undefined) return { outcome: "unshared" };
  if (token === null) return { outcome: "held-elsewhere" };
  return { outcome: "acquired", lock: held(name, token) };
}

export type WaitOutcome<T> =
  | { outcome: "acquired"; lock: HeldLock }
  | { outcome: "unshared" }
  | { outcome: "timed-out" }
  | { outcome: "settled"; value: T };

export interface WaitOptions<T> {
  ttlMs: number;
  maxWaitMs: number;
  pollMs?: number;
  /**
   * Asked before each attempt while another holder has the lock: a value ends the wait (what
   * the holder was making is there, or its failure is recorded), undefined waits on.
   */
  settledBy?: () => Promise<T | undefined>;
}

/** Waits out another holder of `name`, then takes the lock (or stops at `settledBy`'s value). */
export async function waitForLock<T = never>(
  name: string,
  { ttlMs, maxWaitMs, pollMs = 25, settledBy }: WaitOptions<T>,
): Promise<WaitOutcome<T>> {
  const began = Date.now();
  while (Date.now() - began < maxWaitMs) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    const value = settledBy ? await settledBy() : undefined;
    if (value !== undefined) return { outcome: "settled", value };
    const attempt = await tryLock(name, ttlMs);
    if (attempt.outcome !== "held-elsewhere") return attempt;
  }
  return { outcome: "timed-out" };
}

/**
 * Runs `work` as the holder of `name`: waits out a holder (at most `maxWaitMs`), renews the lock
 * every `renewMs` while `work` runs, and releases it after. Without Redis, or once the wait ran
 * out, `work` runs unlocked: it must be safe to run alone.
 */
export async function underLock<T>(
  name: string,
  { ttlMs, renewMs, maxWaitMs }: { ttlMs: number; renewMs: number; maxWaitMs: number },
  work: () => Promise<T>,
): Promise<T> {
  let attempt: LockAttempt | WaitOutcome<never> = await tryLock(name, ttlMs);
  if (attempt.outcome === "held-elsewhere") attempt = await waitForLock(name, { ttlMs, maxWaitMs });
  return holding(attempt.outcome === "acquired" ? attempt.lock : null, { ttlMs, renewMs }, work);
}

/** Runs `work` while `lock` (if any) is renewed, then releases it. */
export async function holding<T>(
  lock: HeldLock | null,
  { ttlMs, renewMs }: { ttlMs: number; renewMs: number },
  work: () => Promise<T>,
): Promise<T> {
  const stop = lock ? lock.keepRenewing(ttlMs, renewMs) : () => undefined;
  try {
    return await work();
  } finally {
    stop();
    await lock?.release();
  }
}
