/**
 * When the scheduler reads a feed next (lib/news/schedule/scheduler.ts), after Miniflux's
 * entry-frequency scheduler, measured on what a feed document holds (its latest items, not a
 * week's count): a feed is read about as often as it has been publishing lately (the mean gap
 * between its items of the last week, or the age of its newest item when that is longer: a
 * feed that went quiet is read less), never more often than the feed asks (Cache-Control max-age, RSS ttl,
 * sy:updatePeriod) and always between the operator's floor and ceiling (FEED_POLL_MIN_SECONDS,
 * FEED_POLL_MAX_SECONDS; the ceiling is at most the headlines' lifetime, so a change shows
 * within it). A feed whose hub pushes its changes is read at the ceiling only, to cover a
 * lost push. Failures back off, doubling from the floor up to BACKOFF_CEILINGS ceilings; a 429
 * or 503 with Retry-After is waited out as asked (at most a day). Pure: tested on its own.
 */

export type PollReason =
  | "publish-rate"
  | "max-age"
  | "ttl"
  | "update-period"
  | "websub"
  | "floor"
  | "ceiling"
  | "back-off"
  | "retry-after";

export interface PollInput {
  floorSeconds: number;
  ceilingSeconds: number;
  /** The items' dates (ISO 8601 or null), as the last good copy holds them. */
  pubDates: readonly (string | null)[];
  maxAgeSeconds: number | null;
  ttlSeconds: number | null;
  updatePeriodSeconds: number | null;
  /** Failed reads in a row, 0 after a success. */
  consecutiveErrors: number;
  /** The last failure's Retry-After (429 or 503), in seconds. */
  retryAfterSeconds: number | null;
  /** An active WebSub subscription delivers the feed's changes. */
  pushed: boolean;
  now: number;
}

export interface PollPlan {
  seconds: number;
  reason: PollReason;
}

const WEEK_SECONDS = 7 * 24 * 60 * 60;
/** A failing feed is read at least every this many ceilings. */
export const BACKOFF_CEILINGS = 4;
/** The longest Retry-After honoured. */
const MAX_RETRY_AFTER_SECONDS = 24 * 60 * 60;
/** Polls come up to this share of their interval early, so that feeds never align. */
const JITTER = 0.1;

export function pollInterval(input: PollInput): PollPlan {
  const { floorSeconds: floor, ceilingSeconds: ceiling } = input;
  if (input.retryAfterSeconds !== null) {
    const seconds = Math.min(Math.max(input.retryAfterSeconds, floor), MAX_RETRY_AFTER_SECONDS);
    return { seconds, reason: "retry-after" };
  }
  if (input.consecutiveErrors > 0) {
    const doubled = floor * 2 ** Math.min(input.consecutiveErrors, 20);
    return { seconds: Math.min(doubled, ceiling * BACKOFF_CEILINGS), reason: "back-off" };
  }
  if (input.pushed) return { seconds: ceiling, reason: "websub" };

  let plan: PollPlan = {
    seconds: publishingGap(input.pubDates, input.now),
    reason: "publish-rate",
  };
  // The feed's own word: not more often than it says its copy stays current.
  for (const [seconds, reason] of [
    [input.maxAgeSeconds, "max-age"],
    [input.ttlSeconds, "ttl"],
    [input.updatePeriodSeconds, "update-period"],
  ] as const) {
    if (seconds !== null && seconds > plan.seconds) plan = { seconds, reason };
  }
  if (plan.seconds >= ceiling) return { seconds: ceiling, reason: "ceiling" };
  if (plan.seconds <= floor) return { seconds: floor, reason: "floor" };
  return { seconds: Math.round(plan.seconds), reason: plan.reason };
}

/** Seconds between the items of the last week (Infinity for fewer than two), or since the newest. */
function publishingGap(pubDates: readonly (string | null)[], now: number): number {
  const weekAgo = now - WEEK_SECONDS * 1000;
  const times = pubDates
    .map((date) => (date ? Date.parse(date) : NaN))
    .filter((at) => at >= weekAgo && at <= now + 60_000);
  if (times.length < 2) return Infinity;
  const newest = Math.max(...times);
  const meanGap = (newest - Math.min(...times)) / (times.length - 1);
  return Math.max(meanGap, now - newest) / 1000;
}

/** `seconds`, brought forward by up to JITTER of itself (`random` in [0, 1)); never later. */
export function withJitter(seconds: number, random = Math.random()): number {
  return seconds * (1 - JITTER * random);
}
