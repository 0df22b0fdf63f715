import { sharedGet, sharedSet, sharedSetMember, sharedSetMembers } from "../../cache";
import { processSingleton } from "../../process";

/**
 * The subscription records: one per feed (hub, topic, secret, state, lease), one id → feed
 * index for the callbacks, and the set of feeds the deployment subscribed. In the shared store,
 * so every instance verifies and accepts for every subscription, with this process's copies for
 * when there is no Redis (one instance) or it cannot answer.
 */

type SubscriptionState = "requested" | "active" | "unsubscribing" | "denied" | "failed";

export interface Subscription {
  /** The callback's last path segment: random, one per subscription. */
  id: string;
  feedUrl: string;
  hub: string;
  topic: string;
  secret: string;
  state: SubscriptionState;
  /** ISO 8601 of the last request to the hub. */
  requestedAt: string;
  leaseSeconds?: number;
  leaseEndsAt?: string;
  verifiedAt?: string;
  lastPushAt?: string;
  /** Why the hub refused or failed, for the status page. */
  lastError?: string;
}

/** The lease asked of hubs (they may grant another). */
export const LEASE_SECONDS = 7 * 24 * 60 * 60;
/** A request the hub has not verified in this long is asked again. */
export const PENDING_MS = 60_000;
/** A hub that denied or failed is asked again after this long. */
const RETRY_MS = 60 * 60 * 1000;

const subscriptionKey = (feedUrl: string) => `websub:feed:${feedUrl}`;
const idKey = (id: string) => `websub:id:${id}`;
const INDEX_KEY = "websub:feeds";

const local = processSingleton("websub-records", () => ({
  records: new Map<string, unknown>(),
  feeds: new Set<string>(),
}));

async function load<T>(key: string): Promise<T | undefined> {
  const shared = await sharedGet<T>(key);
  const mine = local.records.get(key) as T | undefined;
  return shared.ok ? (shared.value ?? mine) : mine;
}

async function save(key: string, value: unknown): Promise<void> {
  if (value === undefined) local.records.delete(key);
  else local.records.set(key, value);
  // An absent record is stored as null for a moment: Redis forgets it by itself.
  await sharedSet(key, value ?? null, value === undefined ? 1_000 : undefined);
}

export function subscriptionOf(feedUrl: string): Promise<Subscription | undefined> {
  return load<Subscription>(subscriptionKey(feedUrl)).then((value) => value ?? undefined);
}

/** Stores the feed's subscription (undefined: forgets it). */
export function saveSubscription(feedUrl: string, subscription: Subscription | undefined) {
  return save(subscriptionKey(feedUrl), subscription);
}

/** Records which feed a callback id belongs to (undefined: forgets the id). */
export function saveCallbackId(id: string, feedUrl: string | undefined) {
  return save(idKey(id), feedUrl);
}

/** The subscription a callback's id names, if it is still that feed's. */
export async function subscriptionById(id: string): Promise<Subscription | undefined> {
  if (!/^[A-Za-z0-9_-]{22}$/.test(id)) return undefined;
  const feedUrl = await load<string>(idKey(id));
  const subscription = feedUrl ? await subscriptionOf(feedUrl) : undefined;
  return subscription?.id === id ? subscription : undefined;
}

/** Adds the feed to (or removes it from) the deployment's subscribed feeds. */
export async function markSubscribed(feedUrl: string, present: boolean): Promise<void> {
  if (present) local.feeds.add(feedUrl);
  else local.feeds.delete(feedUrl);
  await sharedSetMember(INDEX_KEY, feedUrl, present);
}

/** The feeds this deployment has subscribed: every instance's, or this process's. */
export async function subscribedFeeds(): Promise<string[]> {
  const shared = await sharedSetMembers(INDEX_KEY);
  return shared.ok ? shared.value : [...local.feeds];
}

/** Renew when less than this is left of a lease: a tenth of it, at least a minute, at most a day. */
export function renewBefore(leaseSeconds: number): number {
  return Math.min(Math.max(leaseSeconds / 10, Math.min(60, leaseSeconds / 2)), 86_400) * 1000;
}

/** Whether the feed's changes arrive by push now: a verified subscription, lease running. */
export function isPushed(subscription: Subscription | undefined, now = Date.now()): boolean {
  return (
    subscription?.state === "active" &&
    subscription.leaseEndsAt !== undefined &&
    Date.parse(subscription.leaseEndsAt) > now
  );
}

/** When the subscription wants the hub asked again (subscribe or renew), in epoch ms. */
export function nextRequestAt(subscription: Subscription | undefined): number {
  if (!subscription) return 0;
  const asked = Date.parse(subscription.requestedAt);
  switch (subscription.state) {
    case "active":
      return Date.parse(subscription.leaseEndsAt!) - renewBefore(subscription.leaseSeconds ?? 0);
    case "requested":
    case "unsubscribing":
      return asked + PENDING_MS;
    default:
      return asked + RETRY_MS;
  }
}
