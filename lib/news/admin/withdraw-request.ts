import { absoluteHttpUrl } from "../ingest";

/**
 * The body of POST /api/headlines/withdraw, checked:
 *   {"link": "https://…"}                   withdraw the headline with that link
 *   {"link": "https://…", "restore": true}  put it back
 * The link is the item's, as its feed gives it (the card's "Read more" address), written the
 * way the feed reader writes links (lib/news/ingest), so the two compare equal.
 */

export type WithdrawRequest =
  { ok: true; link: string; restore: boolean } | { ok: false; error: string };

/** Longer addresses are not links a feed gives (and browsers stop near here too). */
export const MAX_LINK_LENGTH = 2048;

const KEYS = new Set(["link", "restore"]);

export function parseWithdrawRequest(body: string): WithdrawRequest {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return { ok: false, error: "The body is not valid JSON." };
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    return {
      ok: false,
      error: 'The body must be a JSON object such as {"link": "https://news.example/story"}.',
    };
  }
  const unknownKeys = Object.keys(data).filter((key) => !KEYS.has(key));
  if (unknownKeys.length > 0) {
    return {
      ok: false,
      error: `Unknown field ${unknownKeys.map((key) => JSON.stringify(key)).join(", ")}; use "link" and "restore".`,
    };
  }
  const { link, restore } = data as { link?: unknown; restore?: unknown };
  if (restore !== undefined && typeof restore !== "boolean") {
    return { ok: false, error: '"restore" must be true or false.' };
  }
  if (typeof link !== "string" || link.trim() === "") {
    return { ok: false, error: '"link" must be the headline\'s address.' };
  }
  if (link.length > MAX_LINK_LENGTH) {
    return { ok: false, error: `"link" is longer than ${MAX_LINK_LENGTH} characters.` };
  }
  // Absolute only: a relative address has no base here to be read against.
  const absolute = /^https?:\/\//i.test(link.trim()) ? absoluteHttpUrl(link) : null;
  if (!absolute || absolute.length > MAX_LINK_LENGTH) {
    return { ok: false, error: '"link" must be an absolute http:// or https:// address.' };
  }
  return { ok: true, link: absolute, restore: restore === true };
}
