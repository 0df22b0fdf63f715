/**
 * The WebSub room of lib/news, the subscriber's side (W3C Recommendation, 23 January 2018), for
 * feeds that announce a hub: their changes arrive as the publisher makes them, instead of at
 * the next poll. The records (records.ts), the lifecycle and the hub client (subscriber.ts),
 * and the callback's checks and deliveries (callback.ts). While a subscription is active,
 * polling goes on at the ceiling (lib/news/schedule).
 */
export { MAX_DELIVERY_BYTES, receiveDelivery, verifyIntent } from "./callback";
export { isPushed, subscriptionOf } from "./records";
export { followSubscriptions } from "./subscriber";
