import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import {
  sharedGet,
  sharedLock,
  sharedSet,
  sharedSetMember,
  sharedSetMembers,
  sharedUnlock,
} from "../cache";
import { config } from "../env";
import { OUTSIDE_MAX_BYTES } from "../net/outside-get";
import { postForm } from "../net/post-form";
import { logger, metrics } from "../ops";
import { storeCopy, underFeedLock } from "./feed-reader";
import { feedStore, type FeedCopy } from "./feed-store";
import { configuredFeedOrigins } from "./feeds-config";
import { parseFeedDocument } from "./parse-feed";
import type { FeedArticle } from "./types";

/**
 * WebSub, the subscriber's side (W3C Recommendation, 23 January 2018), for feeds that announce
 * a hub: their changes arrive as the publisher makes them, instead of at the next poll.
 *
 * - Subscribing (section 5.1): a feed whose copy names a hub and itself (rel="hub", rel="self",
 *   lib/news/feed-hints.ts) is subscribed once for the whole deployment, at
 *   WEBSUB_CALLBACK_ORIGIN/api/websub/<id>, with a random `hub.secret` of its own. The record
 *   (hub, topic, secret, state, lease) lives in the shared store, so every instance verifies and
 *   accepts for it; a lock makes one instance the one that asks. The hub's address obeys the
 *   feeds' address rules (lib/net/post-form.ts): a feed cannot make the server post into its own
 *   network.
 * - Verifying intent (5.3): a hub's GET is echoed only for what the site asked, and has not
 *   heard back about yet: that mode, that topic, at that callback. Anything else: 404, and the
 *   challenge is never echoed.
 * - Content distribution (7, 8): accepted only with a valid X-Hub-Signature (sha1, sha256,
 *   sha384 or sha512 HMAC of the body with the subscription's secret). A wrong or missing one is
 *   answered 2xx, as the spec asks, and changes nothing. The body is bounded like a polled
 *   document, answered at once, and handled after the answer: the same parser and limits as a
 *   poll, merged into the feed's copy, and the change announced as a poll's would be.
 * - Leases are renewed before they end (RENEW_BEFORE); a feed no longer configured is
 *   unsubscribed; a hub that fails or a lease that lapses leaves the feed to polling, which goes
 *   on at the ceiling while a subscription is active (lib/news/poll-schedule.ts).
 */

export type SubscriptionState = "requested" | "active" | "unsubscribing" | "denied" | "failed";

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
const PENDING_MS = 60_000;
/** A hub that denied or failed is asked again after this long. */
const RETRY_MS = 60 * 60 * 1000;
const HUB_TIMEOUT_MS = 8_000;

const subscriptionKey = (feedUrl: string) => `websub:feed:${feedUrl}`;
const idKey = (id: string) => `websub:id:${id}`;
const INDEX_KEY = "websub:feeds";

// This process's copies, for when there is no Redis (one instance) or it cannot answer.
const memory = ((globalThis as { __riverbendWebSub?: Map<string, unknown> }).__riverbendWebSub ??=
  new Map());

async function load<T>(key: string): Promise<T | undefined> {
  const shared = await sharedGet<T>(key);
  return shared.ok ? (shared.value ?? (memory.get(key) as T | undefined)) : (memory.get(key) as T);
}

async function save(key: string, value: unknown): Promise<void> {
  if (value === undefined) memory.delete(key);
  else memory.set(key, value);
  // An absent record is stored as null for a moment: Redis forgets it by itself.
  await sharedSet(key, value ?? null, value === undefined ? 1_000 : undefined);
}

export function subscriptionOf(feedUrl: string): Promise<Subscription | undefined> {
  return load<Subscription>(subscriptionKey(feedUrl)).then((value) => value ?? undefined);
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

function callbackOf(id: string): string | null {
  const origin = config().websubCallbackOrigin;
  return origin ? new URL(`/api/websub/${id}`, origin).href : null;
}

/** The feeds this deployment has subscribed: a set in Redis, and this process's own copy. */
const indexed = ((globalThis as { __riverbendWebSubFeeds?: Set<string> }).__riverbendWebSubFeeds ??=
  new Set());

async function addToIndex(feedUrl: string, present: boolean): Promise<void> {
  if (present) indexed.add(feedUrl);
  else indexed.delete(feedUrl);
  await sharedSetMember(INDEX_KEY, feedUrl, present);
}

async function subscribedFeeds(): Promise<string[]> {
  const shared = await sharedSetMembers(INDEX_KEY);
  return shared.ok ? shared.value : [...indexed];
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
      await save(subscriptionKey(subscription.feedUrl), {
        ...current,
        state: "failed",
        lastError: message,
      });
  }
}

/**
 * Subscribes the feed at the hub its copy names, or renews its lease, when due; once for the
 * deployment (a lock). Nothing without WEBSUB_CALLBACK_ORIGIN or without hub and self links.
 * Resolves when it next wants to be called (epoch ms).
 */
export async function keepSubscribed(feedUrl: string, copy: FeedCopy | undefined): Promise<number> {
  const hub = copy?.hints?.hub;
  const topic = copy?.hints?.self;
  const later = () => Date.now() + PENDING_MS;
  if (!hub || !topic || !config().websubCallbackOrigin) return later();
  let current = await subscriptionOf(feedUrl);
  const moved = current && (current.hub !== hub || current.topic !== topic);
  if (!moved && Date.now() < nextRequestAt(current)) return nextRequestAt(current);
  const lock = await sharedLock(`websub:${feedUrl}`, 30_000);
  if (lock === null) return Date.now() + 1_000;
  try {
    current = await subscriptionOf(feedUrl);
    const stillMoved = current && (current.hub !== hub || current.topic !== topic);
    if (!stillMoved && Date.now() < nextRequestAt(current)) return nextRequestAt(current);
    if (current && stillMoved && current.state === "active") {
      // The feed moved to another hub or topic: the old subscription goes.
      await unsubscribe(current);
      current = undefined;
    }
    const subscription: Subscription = {
      // A renewal keeps its callback and secret; a new subscription has its own.
      id: current && !stillMoved ? current.id : randomBytes(16).toString("base64url"),
      secret: current && !stillMoved ? current.secret : randomBytes(32).toString("hex"),
      feedUrl,
      hub,
      topic,
      state: "requested",
      requestedAt: new Date().toISOString(),
      ...(current && !stillMoved && current.state === "active"
        ? {
            leaseSeconds: current.leaseSeconds,
            leaseEndsAt: current.leaseEndsAt,
            verifiedAt: current.verifiedAt,
          }
        : {}),
      ...(current?.lastPushAt ? { lastPushAt: current.lastPushAt } : {}),
    };
    // Stored before the hub is asked: its verification may come before its answer.
    await save(subscriptionKey(feedUrl), subscription);
    await save(idKey(subscription.id), feedUrl);
    await addToIndex(feedUrl, true);
    await askHub(subscription, "subscribe");
    // Soon, to see the verification (or its absence) and renew from the granted lease.
    return Date.now() + 1_000;
  } finally {
    if (lock) await sharedUnlock(`websub:${feedUrl}`, lock);
  }
}

async function unsubscribe(subscription: Subscription): Promise<void> {
  const leaving: Subscription = {
    ...subscription,
    state: "unsubscribing",
    requestedAt: new Date().toISOString(),
  };
  await save(subscriptionKey(subscription.feedUrl), leaving);
  await askHub(leaving, "unsubscribe");
}

/** Unsubscribes every feed the deployment subscribed that is no longer configured. */
export async function unsubscribeRemoved(configured: ReadonlySet<string>): Promise<void> {
  if (!config().websubCallbackOrigin) return;
  for (const feedUrl of await subscribedFeeds()) {
    if (configured.has(feedUrl)) continue;
    const lock = await sharedLock(`websub:${feedUrl}`, 30_000);
    if (lock === null) continue;
    try {
      const subscription = await subscriptionOf(feedUrl);
      if (subscription?.state === "active" || subscription?.state === "requested")
        await unsubscribe(subscription);
      else if (!subscription) await addToIndex(feedUrl, false);
    } finally {
      if (lock) await sharedUnlock(`websub:${feedUrl}`, lock);
    }
  }
}

async function subscriptionById(id: string): Promise<Subscription | undefined> {
  if (!/^[A-Za-z0-9_-]{22}$/.test(id)) return undefined;
  const feedUrl = await load<string>(idKey(id));
  const subscription = feedUrl ? await subscriptionOf(feedUrl) : undefined;
  return subscription?.id === id ? subscription : undefined;
}

/**
 * A hub's GET at a callback: the challenge to echo, or null (404) when the site did not ask
 * this: an unknown callback, another topic, a mode not pending, a request gone stale.
 */
export async function verifyIntent(id: string, query: URLSearchParams): Promise<string | null> {
  const mode = query.get("hub.mode");
  const topic = query.get("hub.topic");
  const challenge = query.get("hub.challenge");
  const subscription = await subscriptionById(id);
  if (!subscription || topic !== subscription.topic) return null;
  const pending = Date.now() - Date.parse(subscription.requestedAt) < PENDING_MS * 5;
  const key = subscriptionKey(subscription.feedUrl);
  if (
    mode === "denied" &&
    (subscription.state === "requested" || subscription.state === "active")
  ) {
    const reason = query.get("hub.reason") ?? "no reason given";
    await save(key, { ...subscription, state: "denied", lastError: `denied: ${reason}` });
    logger().warn(
      { event: "websub", feed: subscription.feedUrl },
      `websub: the hub denied ${topic}: ${reason}`,
    );
    return "";
  }
  if (!challenge || !pending) return null;
  if (mode === "subscribe" && subscription.state === "requested") {
    const lease = Number(query.get("hub.lease_seconds"));
    const leaseSeconds = Number.isFinite(lease) && lease > 0 ? Math.floor(lease) : LEASE_SECONDS;
    const now = Date.now();
    const { lastError: _, ...rest } = subscription;
    await save(key, {
      ...rest,
      state: "active",
      leaseSeconds,
      leaseEndsAt: new Date(now + leaseSeconds * 1000).toISOString(),
      verifiedAt: new Date(now).toISOString(),
    } satisfies Subscription);
    return challenge;
  }
  if (mode === "unsubscribe" && subscription.state === "unsubscribing") {
    await save(key, undefined);
    await save(idKey(id), undefined);
    await addToIndex(subscription.feedUrl, false);
    return challenge;
  }
  return null;
}

const ALGORITHMS = new Set(["sha1", "sha256", "sha384", "sha512"]);

/** Whether `header` (X-Hub-Signature: method=hex) signs `body` with `secret`. */
export function validSignature(header: string | null, body: Uint8Array, secret: string): boolean {
  const match = header?.trim().match(/^(sha1|sha256|sha384|sha512)=([0-9a-fA-F]+)$/);
  if (!match || !ALGORITHMS.has(match[1]!)) return false;
  const expected = createHmac(match[1]!, secret).update(body).digest();
  const given = Buffer.from(match[2]!, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type DeliveryVerdict =
  | { accept: false; outcome: "unknown-subscription" | "bad-signature" }
  | { accept: true; apply: () => Promise<void> };

/** A content delivery, its body read (bounded) already: what to do after answering. */
export async function receiveDelivery(
  id: string,
  body: Uint8Array,
  headers: { signature: string | null; contentType: string | null },
): Promise<DeliveryVerdict> {
  const subscription = await subscriptionById(id);
  if (!subscription || (subscription.state !== "active" && subscription.state !== "requested"))
    return { accept: false, outcome: "unknown-subscription" };
  if (!validSignature(headers.signature, body, subscription.secret))
    return { accept: false, outcome: "bad-signature" };
  return { accept: true, apply: () => applyDelivery(subscription, body, headers.contentType) };
}

/** Pushed items first, then the copy's others, as many as the longer of the two holds. */
export function mergePushed(pushed: FeedArticle[], previous: FeedArticle[]): FeedArticle[] {
  const links = new Set(pushed.map((article) => article.link));
  const rest = previous.filter((article) => !links.has(article.link));
  return [...pushed, ...rest].slice(0, Math.max(pushed.length, previous.length));
}

async function applyDelivery(
  subscription: Subscription,
  body: Uint8Array,
  contentType: string | null,
): Promise<void> {
  const { feedUrl } = subscription;
  let parsed: ReturnType<typeof parseFeedDocument>;
  try {
    parsed = parseFeedDocument(body, feedUrl, contentType);
  } catch (error) {
    metrics().websubDeliveries.inc({ outcome: "parse-error" });
    logger().warn(
      { event: "websub", feed: feedUrl },
      `websub: a push for ${feedUrl} was not a feed: ${error instanceof Error ? error.message : error}`,
    );
    return;
  }
  // In line with polls of the feed: a read under way writes first, then this (feed-reader.ts).
  await underFeedLock(feedUrl, async () => {
    const previous = await feedStore().getCopy(feedUrl);
    const articles = mergePushed(parsed.articles, previous?.articles ?? []);
    const stored = await storeCopy(
      feedUrl,
      {
        articles,
        etag: previous?.etag ?? null,
        lastModified: previous?.lastModified ?? null,
        hints: previous?.hints ?? { ...parsed.hints, maxAgeSeconds: null },
      },
      previous,
      "push",
    );
    metrics().websubDeliveries.inc({
      outcome: stored.version === previous?.version ? "unchanged" : "applied",
    });
    const current = await subscriptionOf(feedUrl);
    if (current?.id === subscription.id)
      await save(subscriptionKey(feedUrl), { ...current, lastPushAt: new Date().toISOString() });
  });
}

/** The largest body a delivery may have: a polled document's. */
export const MAX_DELIVERY_BYTES = OUTSIDE_MAX_BYTES;
