/**
 * The front door of lib/net: how the server reaches outside parties. One GET with limits
 * (outside-get.ts), one form POST (a WebSub hub, post-form.ts), a capped body reader, and the
 * address rules both obey (address-rules.ts).
 */
export { OUTSIDE_MAX_BYTES, OUTSIDE_TIMEOUT_MS, OutsideGetError, outsideGet } from "./outside-get";
export { postForm } from "./post-form";
export { readCapped } from "./read-capped";
