// @ts-check
/**
 * Rules of the configuration (lib/env.ts) and the publications file. Plain JavaScript
 * because server.mjs loads the publications file with Node alone; typed by the JSDoc here.
 */
import { z } from "zod";

/**
 * A rule's message quoting the value it refused.
 * @param {string} message
 */
export function got(message) {
  return {
    error: (/** @type {{ input?: unknown }} */ issue) => `${message}, got "${issue.input}"`,
  };
}

/**
 * An absolute http(s) URL without credentials. It stays a string so that a caller's own rules
 * (origin only, a placeholder) can quote the value as written. A refused scheme is quoted as the
 * scheme alone or as the whole value, as the configuration and the file have always told it.
 * Its problems do not abort the parse: a check across fields still runs (see lib/env.ts).
 * Typed for strings, what the configuration gives it, though it takes any value.
 * @param {{ quote?: "scheme" | "value" }} [options]
 * @returns {z.ZodType<string, string>}
 */
export function httpUrl({ quote = "scheme" } = {}) {
  // Coerced, as `new URL()` would: a number or a missing href is refused as "not a URL".
  const coerced = /** @type {z.ZodCoercedString<string>} */ (z.coerce.string());
  return coerced.superRefine((value, ctx) => {
    const checked = checkHttpUrl(value, quote);
    if (typeof checked === "object") ctx.addIssue(checked.problem);
  });
}

/**
 * httpUrl's rule without zod, for a list of thousands (a network's feeds): the URL normalised
 * (as `new URL()` writes it), or its problem.
 * @param {unknown} given
 * @param {"scheme" | "value"} quote
 * @returns {string | { problem: string }}
 */
export function checkHttpUrl(given, quote) {
  const value = String(given);
  const url = URL.parse(value);
  if (!url) return { problem: `must be an absolute http(s) URL, got "${value}"` };
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return {
      problem: `must use http or https, got "${quote === "scheme" ? url.protocol : value}"`,
    };
  if (url.username || url.password) return { problem: "must not carry credentials" };
  return url.toString();
}

/**
 * An IANA time zone name the runtime knows ("America/Chicago", "Pacific/Honolulu", "UTC").
 * @param {string} zone
 */
function isTimeZone(zone) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone.length <= 64;
  } catch {
    return false;
  }
}

/** A publication's time zone: an IANA name such as America/Chicago. */
export function timeZone() {
  return z.string().refine(isTimeZone, got("must be an IANA time zone such as America/Chicago"));
}

/**
 * WCAG's contrast ratio of a #rrggbb colour against white (the header's and buttons' text).
 * @param {string} hex
 */
export function contrastWithWhite(hex) {
  const [r, g, b] = /** @type {[number, number, number]} */ (
    [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    })
  );
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (luminance + 0.05);
}
