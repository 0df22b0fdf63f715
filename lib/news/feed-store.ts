import { config } from "../env";
import { logUpstreamError } from "../log";
import { fetchFeed } from "./fetch-feed";
import { jsonServiceUrl, parseJsonServiceResponse } from "./json-service";
import { parseFeedBytes } from "./parse-feed";
import type { FeedArticle } from "./types";

/**
 * Reads one feed and remembers its last good copy in this process. A feed that fails,
 * hangs or sends garbage answers with the items it last had; only a feed that never
 * succeeded fails. Concurrent reads of the same feed share one request.
 */

interface GoodCopy {
  articles: FeedArticle[];
  etag: string | null;
  lastModified: string | null;
}

const lastGood = new Map<string, GoodCopy>();
const inFlight = new Map<string, Promise<FeedArticle[]>>();

async function fetchAndParse(feedUrl: string, previous: GoodCopy | undefined): Promise<GoodCopy> {
  const service = config().feedJsonServiceUrl;
  if (service) {
    const result = await fetchFeed(jsonServiceUrl(service, feedUrl), {
      accept: "application/json",
    });
    if (result.status === "not-modified") return previous!;
    return {
      articles: parseJsonServiceResponse(result.body.toString("utf8"), feedUrl),
      etag: null,
      lastModified: null,
    };
  }
  const result = await fetchFeed(feedUrl, {
    etag: previous?.etag,
    lastModified: previous?.lastModified,
  });
  if (result.status === "not-modified" && previous) return previous;
  if (result.status === "not-modified") throw new Error("304 without a cached copy");
  return {
    articles: parseFeedBytes(result.body, feedUrl, result.contentType),
    etag: result.etag,
    lastModified: result.lastModified,
  };
}

export function readFeed(feedUrl: string): Promise<FeedArticle[]> {
  const pending = inFlight.get(feedUrl);
  if (pending) return pending;
  const previous = lastGood.get(feedUrl);
  const read = fetchAndParse(feedUrl, previous)
    .then((copy) => {
      lastGood.set(feedUrl, copy);
      return copy.articles;
    })
    .catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      logUpstreamError(feedUrl, previous ? `${reason} (serving the last good copy)` : reason);
      if (previous) return previous.articles;
      throw error;
    })
    .finally(() => inFlight.delete(feedUrl));
  inFlight.set(feedUrl, read);
  return read;
}
