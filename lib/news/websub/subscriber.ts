import { randomBytes } from "node:crypto";
import { tryLock } from "../../cache";
import { config } from "../../env";
import { postForm } from "../../net";
import { logger } from "../../ops";
import { processSingleton } from "../../process";
import { configuredFeedOrigins } from "../feeds";
import { feedStore, type FeedCopy } from "../store";
import {
  LEASE_SECONDS,
  markSubscribed,
  nextRequestAt,
  PENDING_MS,
  saveCallbackId,
  saveSubscription,
  subscribedFeeds,
  subscriptionOf,
  type Subscription,
} from "./records";

/**
 * The subscription lifecycle (WebSub, section 5.1): a feed whose copy names a hub and itself
 * is subscribed once for the whole deployment, at WEBSUB_CALLBACK_ORIGIN/api/websub/<id>, with
 * a random `hub.secret` of its own; leases are renewed before they end; a feed that moves to
 * another hub or topic is unsubscribed from the old one; a feed no longer configured is
 * unsubscribed. A lock per feed makes one instance the one that asks. The hub's address obeys
 * the feeds' address rules (lib/net): a feed cannot make the server post into its own network.
 * A hub that fails or a lease that lapses leaves the feed to polling.
 */

const HUB_TIMEOUT_MS = 8_000;
const LOCK_MS = 30_000;
/** How often subscriptions are looked after (subscribe, renew), per feed with a hub. */
const CHECK_EVERY_MS = 2_000;
/** How often subscriptions of feeds no longer configured are looked for. */
const UNSUBSCRIBE_EVERY_MS = 60_000;
/** The first look for them, after the start. */
const FIRST_UNSUBSCRIBE_MS = 5_000;

const lockName = (feedUrl: string) => `websub:${feedUrl}`;

function callbackOf(id: string): string | null {
  const origin = config().websubCallbackOrigin;
  return origin ? new URL(`/api/websub/${id}`, origin).href : null;
}

async function askHub(subscription: Subscription, mode: "subscribe" | "unsubscribe") {
  const callback = callbackOf(subscription.id);
  if (!callback) return;
  try {
    const answer = await postForm(
      subscription.hub,
      {
        "hub.mode": mode,
        "hub.topic": subscription.topic,
        "hub.callback": callback,
        ...(mode === "subscribe"
          ? { "hub.secret": subscription.secret, "hub.lease_seconds": String(LEASE_SECONDS) }
          : {}),
      },
      { trustedOrigins: configuredFeedOrigins(), timeoutMs: HUB_TIMEOUT_MS },
    );
    if (answer.status >= 200 && answer.status < 300) return;
    throw new Error(
      `the hub answered ${answer.status}${answer.body ? `: ${answer.body.slice(0, 200)}` : ""}`,
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger().warn(
      { event: "websub", feed: subscription.feedUrl, hub: subscription.hub, mode },
      `websub: ${mode} at ${subscription.hub} failed: ${message}`,
    );
    const current = await subscriptionOf(subscription.feedUrl);
    // The verification may have come already; a failure after it changes nothing.
    if (current?.id === subscription.id && current.state === subscription.state)
      await saveSubscription(subscription.feedUrl, {
        ...current,
        state: "failed",
        lastError: message,
      });
  }
}

/**
 * The subscription to ask the hub for: a renewal of `current` keeps its callback, secret and
 * lease; a new subscription has its own. The last push is kept as the status page showed it.
 */
function requestFor(
  feedUrl: string,
  { hub, topic }: { hub: string; topic: string },
  current: Subscription | undefined,
  lastPushAt: string | undefined,
): Subscription {
  return {
    id: current ? current.id : randomBytes(16).toString("base64url"),
    secret: current ? current.secret : randomBytes(32).toString("hex"),
    feedUrl,
    hub,
    topic,
    state: "requested",
    requestedAt: new Date().toISOString(),
    ...(current?.state === "active"
      ? {
          leaseSeconds: current.leaseSeconds,
          leaseEndsAt: current.leaseEndsAt,
          verifiedAt: current.verifiedAt,
        }
      : {}),
    ...(lastPushAt ? { lastPushAt } : {}),
  };
}

const movedFrom = (current: Subscription | undefined, hub: string, topic: string) =>
  current !== undefined && (current.hub !== hub || current.topic !== topic);

/**
 * Subscribes the feed at the hub its copy names, or renews its lease, when due; once for the
 * deployment (a lock). Nothing without WEBSUB_CALLBACK_ORIGIN or without hub and self links.
 * Resolves when it next wants to be called (epoch ms).
 */
async function keepSubscribed(feedUrl: string, copy: FeedCopy | undefined): Promise<number> {
  const hub = copy?.hints?.hub;
  const topic = copy?.hints?.self;
  if (!hub || !topic || !config().websubCallbackOrigin) return Date.now() + PENDING_MS;
  const seen = await subscriptionOf(feedUrl);
  if (!movedFrom(seen, hub, topic) && Date.now() < nextRequestAt(seen)) return nextRequestAt(seen);
  const attempt = await tryLock(lockName(feedUrl), LOCK_MS);
  if (attempt.outcome === "held-elsewhere") return Date.now() + 1_000;
  try {
    const current = await subscriptionOf(feedUrl);
    const moved = movedFrom(current, hub, topic);
    if (!moved && Date.now() < nextRequestAt(current)) return nextRequestAt(current);
    // The feed moved to another hub or topic: the old subscription goes.
    const left = current && moved && current.state === "active";
    if (left) await unsubscribe(current);
    const lastPushAt = left ? undefined : current?.lastPushAt;
    const subscription = requestFor(
      feedUrl,
      { hub, topic },
      moved ? undefined : current,
      lastPushAt,
    );
    // Stored before the hub is asked: its verification may come before its answer.
    await saveSubscription(feedUrl, subscription);
    await saveCallbackId(subscription.id, feedUrl);
    await markSubscribed(feedUrl, true);
    await askHub(subscription, "subscribe");
    // Soon, to see the verification (or its absence) and renew from the granted lease.
    return Date.now() + 1_000;
  } finally {
    if (attempt.outcome === "acquired") await attempt.lock.release();
  }
}

async function unsubscribe(subscription: Subscription): Promise<void> {
  const leaving: Subscription = {
    ...subscription,
    state: "unsubscribing",
    requestedAt: new Date().toISOString(),
  };
  await saveSubscription(subscription.feedUrl, leaving);
  await askHub(leaving, "unsubscribe");
}

/** Unsubscribes every feed the deployment subscribed that is no longer configured. */
async function unsubscribeRemoved(configured: ReadonlySet<string>): Promise<void> {
  for (const feedUrl of await subscribedFeeds()) {
    if (configured.has(feedUrl)) continue;
    const attempt = await tryLock(lockName(feedUrl), LOCK_MS);
    if (attempt.outcome === "held-elsewhere") continue;
    try {
      const subscription = await subscriptionOf(feedUrl);
      if (subscription?.state === "active" || subscription?.state === "requested")
        await unsubscribe(subscription);
      else if (!subscription) await markSubscribed(feedUrl, false);
    } finally {
      if (attempt.outcome === "acquired") await attempt.lock.release();
    }
  }
}

const lifecycle = processSingleton("websub-lifecycle", () => ({
  /** When each feed's subscription next wants looking after, as this instance last saw it. */
  due: new Map<string, number>(),
  busy: false,
  checkedAt: 0,
  unsubscribedAt: Date.now() - UNSUBSCRIBE_EVERY_MS + FIRST_UNSUBSCRIBE_MS,
}));

/**
 * Looks after the subscriptions of the feeds the scheduler polls, called on its every tick:
 * subscribes and renews when due (every CHECK_EVERY_MS), and unsubscribes feeds no longer
 * configured when one went (`removed`) and every UNSUBSCRIBE_EVERY_MS. Nothing without
 * WEBSUB_CALLBACK_ORIGIN.
 */
export function followSubscriptions(feeds: ReadonlySet<string>, removed: boolean): void {
  if (!config().websubCallbackOrigin) return;
  const now = Date.now();
  if (removed || now - lifecycle.unsubscribedAt >= UNSUBSCRIBE_EVERY_MS) {
    lifecycle.unsubscribedAt = now;
    void unsubscribeRemoved(feeds).catch((error) =>
      logger().warn({ event: "websub" }, `websub: unsubscribing removed feeds failed: ${error}`),
    );
  }
  if (now - lifecycle.checkedAt < CHECK_EVERY_MS || lifecycle.busy) return;
  lifecycle.checkedAt = now;
  lifecycle.busy = true;
  void keepSubscriptions(feeds).finally(() => (lifecycle.busy = false));
}

async function keepSubscriptions(feeds: ReadonlySet<string>): Promise<void> {
  for (const url of feeds) {
    const copy = feedStore().peekCopy(url);
    if (!copy?.hints?.hub || (lifecycle.due.get(url) ?? 0) > Date.now()) continue;
    const due = await keepSubscribed(url, copy).catch((error) => {
      logger().warn({ event: "websub", feed: url }, `websub: ${url}: ${error}`);
      return Date.now() + 60_000;
    });
    lifecycle.due.set(url, due);
  }
}
