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
  const validators = { etag: previous?.etag, lastModified: previous?.lastModified };
  const result = service
    ? await fetchFeed(jsonServiceUrl(service, feedUrl), {
        ...validators,
        accept: "application/json",
      })
    : await fetchFeed(feedUrl, validators);
  if (result.status === "not-modified") {
    if (previous) return previous;
    throw new Error("304 without a cached copy");
  }
  const articles = service
    ? parseJsonServiceResponse(result.body.toString("utf8"), feedUrl)
    : parseFeedBytes(result.body, feedUrl, result.contentType);
  return { articles, etag: result.etag, lastModified: result.lastModified };
}

/**
 * The feed's last good copy in this process, without fetching: for readers of the cache
 * (site search) that must not cause upstream calls. Undefined when the feed was never read.
 */
export function peekFeed(feedUrl: string): FeedArticle[] | undefined {
  return lastGood.get(feedUrl)?.articles;
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
