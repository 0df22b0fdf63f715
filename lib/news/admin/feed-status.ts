import { feedUses } from "../feeds";
import { pollScheduleOf, type PollSchedule } from "../schedule";
import type { SectionSlug } from "../sections";
import { EMPTY_HEALTH, feedStore, type FeedHealth } from "../store";
import { subscriptionOf } from "../websub";

/** One configured feed as GET /api/feeds/status reports it: where it is used, then its health. */
export interface FeedStatus extends FeedHealth {
  url: string;
  sections: SectionSlug[];
  /** The publications that show it (their keys, the hosts); `publicationCount` of them. */
  publications: string[];
  publicationCount: number;
  /** When the feed is read next, and why then (lib/news/schedule/poll-schedule.ts); null before its first poll. */
  poll: PollSchedule | null;
  /** Its WebSub subscription: hub, state, lease end, last push; null when it has none. */
  websub: {
    hub: string;
    topic: string;
    state: string;
    leaseEndsAt: string | null;
    lastPushAt: string | null;
    lastError: string | null;
  } | null;
  /** What the feed says of its pace: Cache-Control max-age, RSS ttl, sy:updatePeriod (seconds). */
  hints: {
    maxAgeSeconds: number | null;
    ttlSeconds: number | null;
    updatePeriodSeconds: number | null;
  } | null;
}

/**
 * Every configured feed once (a feed listed by several sections or publications names them
 * all), with its health as this process saw it. A feed not read since start has no times and
 * zero counts. `publicationLimit` caps the hosts listed per feed (a network-wide feed is used
 * by thousands); `publicationCount` is always the whole number.
 */
export async function feedStatuses(publicationLimit = 50): Promise<FeedStatus[]> {
  return Promise.all(
    [...feedUses()].map(async ([url, use]) => {
      const [health, poll, subscription, copy] = await Promise.all([
        feedStore().getHealth(url),
        pollScheduleOf(url),
        subscriptionOf(url),
        feedStore().getCopy(url),
      ]);
      return {
        url,
        sections: [...use.sections],
        publications: use.publications.slice(0, publicationLimit),
        publicationCount: use.publications.length,
        ...EMPTY_HEALTH,
        ...health,
        poll: poll ?? null,
        websub: subscription
          ? {
              hub: subscription.hub,
              topic: subscription.topic,
              state: subscription.state,
              leaseEndsAt: subscription.leaseEndsAt ?? null,
              lastPushAt: subscription.lastPushAt ?? null,
              lastError: subscription.lastError ?? null,
            }
          : null,
        hints: copy?.hints
          ? {
              maxAgeSeconds: copy.hints.maxAgeSeconds,
              ttlSeconds: copy.hints.ttlSeconds,
              updatePeriodSeconds: copy.hints.updatePeriodSeconds,
            }
          : null,
      };
    }),
  );
}
