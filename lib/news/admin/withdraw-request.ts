import { absoluteHttpUrl } from "../ingest";

/**
 * The bodies of an editor's requests about one headline, checked:
 *   POST /api/headlines/withdraw  {"link": "https://…"} withdraws it; with "restore": true puts
 *                                 it back
 *   POST /api/stories/split       {"link": "https://…"} takes it out of its story; with
 *                                 "undo": true lets it be grouped again
 * The link is the item's, as its feed gives it (the card's "Read more" address), written the
 * way the feed reader writes links (lib/news/ingest), so the two compare equal.
 */

export type WithdrawRequest =
  { ok: true; link: string; restore: boolean } | { ok: false; error: string };
export type SplitRequest = { ok: true; link: string; undo: boolean } | { ok: false; error: string };

export function parseWithdrawRequest(body: string): WithdrawRequest {
  const parsed = parseLinkRequest(body, "restore");
  return parsed.ok ? { ok: true, link: parsed.link, restore: parsed.flag } : parsed;
}

export function parseSplitRequest(body: string): SplitRequest {
  const parsed = parseLinkRequest(body, "undo");
  return parsed.ok ? { ok: true, link: parsed.link, undo: parsed.flag } : parsed;
}

/** Longer addresses are not links a feed gives (and browsers stop near here too). */
export const MAX_LINK_LENGTH = 2048;

/** {"link": …} and an optional boolean `flagName`. */
function parseLinkRequest(
  body: string,
  flagName: string,
): { ok: true; link: string; flag: boolean } | { ok: false; error: string } {
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
  const unknownKeys = Object.keys(data).filter((key) => key !== "link" && key !== flagName);
  if (unknownKeys.length > 0) {
    return {
      ok: false,
      error: `Unknown field ${unknownKeys.map((key) => JSON.stringify(key)).join(", ")}; use "link" and "${flagName}".`,
    };
  }
  const { link, [flagName]: flag } = data as Record<string, unknown>;
  if (flag !== undefined && typeof flag !== "boolean") {
    return { ok: false, error: `"${flagName}" must be true or false.` };
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
  return { ok: true, link: absolute, flag: flag === true };
}
