import { redisConfigured, sharedGet, sharedSet, tryLock } from "../../cache";
import { setFreshnessObserver } from "../../cache/freshness.mjs";
import { config } from "../../env";
import { logger, metrics } from "../../ops";
import { processSingleton } from "../../process";
import { configuredFeeds } from "../feeds";
import type { SectionSlug } from "../sections";
import { feedStore, pollFeed } from "../store";
import { followSubscriptions, isPushed, subscriptionOf } from "../websub";
import { pollInterval, withJitter, type PollReason } from "./poll-schedule";

/**
 * Feeds read on their own schedule, not on readers': every configured feed (every section of
 * every publication, each address once) is polled in the background, whether anyone reads its
 * pages, at the interval its own pace sets (poll-schedule.ts). A poll that finds new
 * items announces them (lib/news/store/copies.ts) and exactly the pages made from the feed
 * expire; a quiet publication's first reader then gets current headlines.
 *
 * Once per interval for the whole network: the slot of a feed's next poll is a key in the
 * shared store (`poll:<feed>`) that lives until the poll is due. The instance that creates it
 * (SET NX) polls; the others learn the due time from the feed's schedule record and wait. While
 * a poll runs the key lives CLAIM_MS, so an instance that dies polling frees the feed soon.
 * Without Redis each instance keeps its own schedule; while a configured Redis does not answer,
 * polls wait a few seconds and ask again, and an instance polls on its own only once Redis has
 * been away for a whole ceiling (a timeout under load must not double every read).
 *
 * Started by instrumentation-node.ts when the server starts (never during a build). Polls run
 * at most CONCURRENCY at a time per instance, on a timer that never keeps the process alive.
 */

export interface PollSchedule {
  /** ISO 8601 of the next poll. */
  nextPollAt: string;
  intervalSeconds: number;
  reason: PollReason;
  lastPollAt: string | null;
}

const TICK_MS = 500;
/** How often the feed list is compared with the configuration (NEWS_FEEDS_FILE may change). */
const SYNC_EVERY_MS = 5_000;
const CLAIM_MS = 30_000;
const CONCURRENCY = 8;

const scheduleKey = (feedUrl: string) => `feed:schedule:${feedUrl}`;

interface State {
  timer: NodeJS.Timeout | null;
  /** Each configured feed: the section its metrics are counted under, and when it is due here. */
  feeds: Map<string, { section: SectionSlug; dueAt: number }>;
  running: Set<string>;
  schedules: Map<string, PollSchedule>;
  syncedAt: number;
  /** A feed left the configuration since the last tick: its subscription goes. */
  removed: boolean;
  /** Since when Redis (configured) has not answered a poll's claim; null while it answers. */
  redisLostSince: number | null;
}

const state = processSingleton<State>("scheduler", () => ({
  timer: null,
  feeds: new Map(),
  running: new Set(),
  schedules: new Map(),
  syncedAt: 0,
  removed: false,
  redisLostSince: null,
}));

/** The feed's schedule, as the instance that last polled it recorded it. */
export async function pollScheduleOf(feedUrl: string): Promise<PollSchedule | undefined> {
  const shared = await sharedGet<PollSchedule>(scheduleKey(feedUrl));
  return (shared.ok ? shared.value : undefined) ?? state.schedules.get(feedUrl);
}

/**
 * Follows the configuration: a feed no longer listed is no longer polled; a new one is first
 * polled within one ceiling (its first page reads it before that, if asked). At start every
 * feed is new, and the first polls are spread over one floor from now (a feed another instance
 * read within its interval is skipped then): a network of thousands of feeds never polls them
 * all at once.
 */
function syncFeeds(atStart: boolean): void {
  const { minSeconds, maxSeconds } = config().feedPolling;
  const now = Date.now();
  const configured = configuredFeeds();
  let removed = false;
  for (const url of state.feeds.keys()) {
    if (configured.has(url)) continue;
    state.feeds.delete(url);
    removed = true;
  }
  for (const [url, section] of configured) {
    const known = state.feeds.get(url);
    if (known) known.section = section;
    else
      state.feeds.set(url, {
        section,
        dueAt: atStart
          ? now + Math.random() * minSeconds * 1000
          : now + withJitter(maxSeconds) * 1000,
      });
  }
  state.syncedAt = now;
  state.removed ||= removed;
}

export function startScheduler(): void {
  if (state.timer) return;
  setFreshnessObserver((age) => metrics().headlinesAge.observe(age));
  syncFeeds(true);
  state.timer = setInterval(tick, TICK_MS);
  state.timer.unref();
}

function tick(): void {
  const now = Date.now();
  if (now - state.syncedAt >= SYNC_EVERY_MS) syncFeeds(false);
  for (const [url, feed] of state.feeds) {
    if (state.running.size >= CONCURRENCY) break;
    if (feed.dueAt > now || state.running.has(url)) continue;
    state.running.add(url);
    void poll(url, feed.section)
      .catch((error) => {
        logger().warn({ event: "scheduler", feed: url }, `scheduler: ${url}: ${error}`);
        feed.dueAt = Date.now() + config().feedPolling.minSeconds * 1000;
      })
      .finally(() => state.running.delete(url));
  }
  // Subscriptions of the feeds polled here (lib/news/websub), and of feeds gone from them.
  followSubscriptions(new Set(state.feeds.keys()), state.removed);
  state.removed = false;
}

/** The feed's next interval, from what the store holds of it now. */
async function planFor(url: string, now: number) {
  const [copy, health, subscription] = await Promise.all([
    feedStore().getCopy(url),
    feedStore().getHealth(url),
    subscriptionOf(url),
  ]);
  const plan = pollInterval({
    floorSeconds: config().feedPolling.minSeconds,
    ceilingSeconds: config().feedPolling.maxSeconds,
    pubDates: copy?.articles.map((article) => article.pubDate) ?? [],
    maxAgeSeconds: copy?.hints?.maxAgeSeconds ?? null,
    ttlSeconds: copy?.hints?.ttlSeconds ?? null,
    updatePeriodSeconds: copy?.hints?.updatePeriodSeconds ?? null,
    consecutiveErrors: health?.consecutiveErrors ?? 0,
    retryAfterSeconds:
      health?.consecutiveErrors && health.lastError?.retryAfterSeconds !== undefined
        ? health.lastError.retryAfterSeconds
        : null,
    pushed: isPushed(subscription),
    now,
  });
  const fetchedAt = copy?.fetchedAt ? Date.parse(copy.fetchedAt) : NaN;
  return { plan, fetchedAt };
}

async function poll(url: string, section: SectionSlug): Promise<void> {
  const feed = state.feeds.get(url)!;
  const began = Date.now();
  // Read within its interval already (a first page, a refresh, a push, another instance
  // without Redis): that was this interval's read.
  const before = await planFor(url, Date.now());
  const readAgainAt = before.fetchedAt + withJitter(before.plan.seconds) * 1000;
  if (readAgainAt > Date.now()) {
    feed.dueAt = readAgainAt;
    state.schedules.set(url, {
      nextPollAt: new Date(readAgainAt).toISOString(),
      intervalSeconds: before.plan.seconds,
      reason: before.plan.reason,
      lastPollAt: new Date(before.fetchedAt).toISOString(),
    });
    return;
  }
  const claim = await tryLock(`poll:${url}`, CLAIM_MS);
  if (claim.outcome === "unshared" && redisConfigured()) {
    // Redis did not answer (a moment's timeout under load, or it is down). Polling alone now
    // would read the feed a second time whenever another instance holds its slot: wait a few
    // seconds and ask again, and poll alone only once Redis has been away for a whole ceiling.
    const now = Date.now();
    state.redisLostSince ??= now;
    if (now - state.redisLostSince < config().feedPolling.maxSeconds * 1000) {
      feed.dueAt = now + 2_000 + Math.random() * 2_000;
      return;
    }
  } else state.redisLostSince = null;
  if (claim.outcome === "held-elsewhere") {
    // Another instance has this slot: it polls, or has polled and set the next one.
    const schedule = await pollScheduleOf(url);
    const at = schedule ? Date.parse(schedule.nextPollAt) : NaN;
    feed.dueAt = at > Date.now() ? at : Date.now() + 1_000 + Math.random() * 1_000;
    return;
  }
  const started = Date.now();
  await pollFeed(url, section, began).catch(() => undefined);
  const { plan } = await planFor(url, started);
  metrics().feedPolls.inc({ reason: plan.reason });
  const waitMs = withJitter(plan.seconds) * 1000;
  // The interval runs from the poll's start: a slow feed does not drift later and later.
  const nextPollAt = Math.max(started + waitMs, Date.now() + 250);
  const schedule: PollSchedule = {
    nextPollAt: new Date(nextPollAt).toISOString(),
    intervalSeconds: plan.seconds,
    reason: plan.reason,
    lastPollAt: new Date(started).toISOString(),
  };
  state.schedules.set(url, schedule);
  feed.dueAt = nextPollAt;
  await sharedSet(scheduleKey(url), schedule);
  // The slot lives until the next poll is due: no instance polls the feed before then.
  if (claim.outcome === "acquired") await claim.lock.extend(Math.max(nextPollAt - Date.now(), 1));
}
