import { config } from "../../env";
import { OutsideGetError, outsideGet } from "../../net";
import type { FeedOutcome } from "../../ops";
import type { FeedArticle } from "../types";
import { linkHeaderHints, type DocumentHints } from "./feed-hints";
import { jsonServiceUrl, parseJsonServiceResponse } from "./json-service";
import { FeedParseError, parseFeedDocument } from "./parse-feed";

/** A feed as one read found it: its items, the validators for the next read, its hints. */
export interface FeedDocument {
  articles: FeedArticle[];
  etag: string | null;
  lastModified: string | null;
  /** What the feed says of its pace and hub (feed-hints.ts), and its max-age. */
  hints?: DocumentHints & { maxAgeSeconds: number | null };
}

/**
 * One read of a feed from its host (or through the feed-to-JSON service when one is
 * configured), as a conditional GET against `previous`: the new document, or `previous` again
 * with its max-age renewed when the feed answered 304. Throws OutsideGetError or
 * FeedParseError; failureOf() names them.
 */
export async function readFeedDocument(
  feedUrl: string,
  previous: FeedDocument | undefined,
): Promise<{ outcome: "ok" | "not-modified"; document: FeedDocument }> {
  const service = config().feedJsonServiceUrl;
  const validators = { etag: previous?.etag, lastModified: previous?.lastModified };
  const result = service
    ? await outsideGet(jsonServiceUrl(service, feedUrl), {
        ...validators,
        accept: "application/json",
      })
    : await outsideGet(feedUrl, validators);
  const header = linkHeaderHints(result.link, feedUrl);
  if (result.status === "not-modified") {
    if (previous) {
      const hints = { ...previous.hints!, maxAgeSeconds: result.maxAgeSeconds };
      return { outcome: "not-modified", document: { ...previous, hints } };
    }
    throw new OutsideGetError("304 without a cached copy", "http-error", 304);
  }
  const parsed = service
    ? {
        articles: parseJsonServiceResponse(result.body.toString("utf8"), feedUrl),
        hints: { ttlSeconds: null, updatePeriodSeconds: null, hub: null, self: null },
      }
    : parseFeedDocument(result.body, feedUrl, result.contentType);
  return {
    outcome: "ok",
    document: {
      articles: parsed.articles,
      etag: result.etag,
      lastModified: result.lastModified,
      hints: {
        ...parsed.hints,
        // The HTTP Link header wins over the document's links (WebSub, section 4).
        hub: header.hub ?? parsed.hints.hub,
        self: header.hub ? (header.self ?? parsed.hints.self) : parsed.hints.self,
        maxAgeSeconds: result.maxAgeSeconds,
      },
    },
  };
}

/** A failed read in the words of the metrics and the health record. */
export function failureOf(error: unknown): {
  outcome: FeedOutcome;
  httpStatus?: number;
  retryAfterSeconds?: number;
} {
  if (error instanceof OutsideGetError)
    return {
      outcome: error.kind,
      httpStatus: error.httpStatus,
      retryAfterSeconds: error.retryAfterSeconds,
    };
  if (error instanceof FeedParseError) return { outcome: "parse-error" };
  return { outcome: "network-error" };
}
