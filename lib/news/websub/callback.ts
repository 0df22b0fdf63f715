import { createHmac, timingSafeEqual } from "node:crypto";
import { OUTSIDE_MAX_BYTES } from "../../net";
import { logger, metrics } from "../../ops";
import { parseFeedDocument } from "../ingest";
import { applyPush } from "../store";
import {
  LEASE_SECONDS,
  markSubscribed,
  PENDING_MS,
  saveCallbackId,
  saveSubscription,
  subscriptionById,
  subscriptionOf,
  type Subscription,
} from "./records";

/**
 * The callback's side of WebSub (/api/websub/<id>):
 * - Verifying intent (section 5.3): a hub's GET is echoed only for what the site asked, and has
 *   not heard back about yet: that mode, that topic, at that callback. Anything else: 404, and
 *   the challenge is never echoed.
 * - Content distribution (7, 8): accepted only with a valid X-Hub-Signature (sha1, sha256,
 *   sha384 or sha512 HMAC of the body with the subscription's secret). A wrong or missing one
 *   is answered 2xx, as the spec asks, and changes nothing. The body is bounded like a polled
 *   document, answered at once, and handled after the answer: the same parser and limits as a
 *   poll, merged into the feed's copy by the store (applyPush), announced as a poll's would be.
 */

/** The largest body a delivery may have: a polled document's. */
export const MAX_DELIVERY_BYTES = OUTSIDE_MAX_BYTES;

/** A verified subscription: its lease as the hub granted it. */
function activated(subscription: Subscription, grantedLease: string | null): Subscription {
  const lease = Number(grantedLease);
  const leaseSeconds = Number.isFinite(lease) && lease > 0 ? Math.floor(lease) : LEASE_SECONDS;
  const now = Date.now();
  const { lastError: _, ...rest } = subscription;
  return {
    ...rest,
    state: "active",
    leaseSeconds,
    leaseEndsAt: new Date(now + leaseSeconds * 1000).toISOString(),
    verifiedAt: new Date(now).toISOString(),
  };
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
  const { feedUrl, state } = subscription;
  if (mode === "denied" && (state === "requested" || state === "active")) {
    const reason = query.get("hub.reason") ?? "no reason given";
    await saveSubscription(feedUrl, {
      ...subscription,
      state: "denied",
      lastError: `denied: ${reason}`,
    });
    logger().warn({ event: "websub", feed: feedUrl }, `websub: the hub denied ${topic}: ${reason}`);
    return "";
  }
  const pending = Date.now() - Date.parse(subscription.requestedAt) < PENDING_MS * 5;
  if (!challenge || !pending) return null;
  if (mode === "subscribe" && state === "requested") {
    await saveSubscription(feedUrl, activated(subscription, query.get("hub.lease_seconds")));
    return challenge;
  }
  if (mode === "unsubscribe" && state === "unsubscribing") {
    await saveSubscription(feedUrl, undefined);
    await saveCallbackId(id, undefined);
    await markSubscribed(feedUrl, false);
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
  const changed = await applyPush(feedUrl, parsed);
  metrics().websubDeliveries.inc({ outcome: changed ? "applied" : "unchanged" });
  const current = await subscriptionOf(feedUrl);
  if (current?.id === subscription.id)
    await saveSubscription(feedUrl, { ...current, lastPushAt: new Date().toISOString() });
}
