import { unstable_cache } from "next/cache";
import { cache } from "react";
import { sharedGet, sharedSet, shortenPageLifetime } from "../cache";
import { TAGS } from "../constants";
import { config, type AppConfig } from "../env";
import { logUpstreamError, metrics } from "../ops";
import { createFunctionsSource } from "./functions-source";
import { createLocalSource } from "./local-source";
import { totalPages } from "./pagination";
import {
  BLOG_LIST_ERROR_MESSAGE,
  BLOG_POST_ERROR_MESSAGE,
  type BlogListPage,
  type BlogPost,
  type BlogSource,
  type BlogSummary,
} from "./types";

/**
 * The blog's data layer. Pages call these functions and never know which source answers:
 * the functions host when BLOG_API_URL and BLOG_API_KEY are set, else content/blog.
 * Answers are cached for BLOG_REVALIDATE_SECONDS under the `blog` tag (POST /api/revalidate
 * expires them at once); each answer's last good copy is kept in memory and, with REDIS_URL,
 * in Redis for every instance, so a host that fails keeps serving what it last said, even to
 * an instance that never read it. A failure is never cached as data.
 */

export const BLOG_REVALIDATE_SECONDS = 300;
/** The most list pages read when every post is needed (sitemap, feed, search). */
const MAX_LIST_PAGES = 50;
const MAX_REMEMBERED = 500;

export type BlogListResult =
  | { status: "ok"; page: number; totalPages: number; total: number; blogs: BlogSummary[] }
  | { status: "error"; message: string };

export type BlogPostResult =
  { status: "ok"; post: BlogPost } | { status: "not-found" } | { status: "error"; message: string };

let current: { config: AppConfig; key: string; source: BlogSource } | undefined;

/** The configured source, built once per configuration; `key` keeps the sources' caches apart. */
function currentSource(): { key: string; source: BlogSource } {
  const cfg = config();
  if (current?.config !== cfg) {
    const api = cfg.blogApi;
    current = api
      ? {
          config: cfg,
          key: `functions:${api.url.href}:${api.domain}`,
          source: createFunctionsSource(api),
        }
      : { config: cfg, key: "local", source: createLocalSource() };
  }
  return current;
}

/** Names the configured source in cache keys derived from blog data (e.g. the RSS document). */
export function blogSourceKey(): string {
  return currentSource().key;
}

const lastGood = new Map<string, unknown>();

/** Runs `read`; remembers a success, and answers a failure with the last success if any. */
async function withLastGood<T>(key: string, read: () => Promise<T>): Promise<T> {
  try {
    const value = await read();
    metrics().blogReads.inc({ outcome: value === null ? "not-found" : "ok" });
    lastGood.delete(key);
    lastGood.set(key, value);
    if (lastGood.size > MAX_REMEMBERED) lastGood.delete(lastGood.keys().next().value!);
    await sharedSet(`blog:last-good:${key}`, { value });
    return value;
  } catch (error) {
    let found = lastGood.has(key) ? { value: lastGood.get(key) as T } : undefined;
    if (!found) {
      const shared = await sharedGet<{ value: T }>(`blog:last-good:${key}`);
      if (shared.ok) found = shared.value;
    }
    if (!found) {
      metrics().blogReads.inc({ outcome: "error" });
      throw error;
    }
    metrics().blogReads.inc({ outcome: "stale" });
    logUpstreamError(`blog ${key}`, `${describe(error)} (serving the last good copy)`);
    return found.value;
  }
}

/** Carries an answer out of the data cache without storing it (unstable_cache keeps no throw). */
class Unstored<T> {
  constructor(readonly value: T) {}
}

function cachedRead<T>(
  parts: string[],
  read: (source: BlogSource) => Promise<T>,
  { store = () => true }: { store?: (value: T) => boolean } = {},
): Promise<T> {
  const { key, source } = currentSource();
  const id = [key, ...parts].join(":");
  const cached = unstable_cache(
    async () => {
      const value = await withLastGood(id, () => read(source));
      if (!store(value)) throw new Unstored(value);
      return value;
    },
    ["blog", key, ...parts],
    { revalidate: BLOG_REVALIDATE_SECONDS, tags: [TAGS.blog] },
  );
  return cached().catch((thrown: unknown) => {
    if (thrown instanceof Unstored) return thrown.value as T;
    throw thrown;
  });
}

const readList = (page: number): Promise<BlogListPage> =>
  cachedRead(["list", String(page)], (source) => source.list(page));

/**
 * One post, or null when the source has none. Absence is not cached as data: every address
 * is a possible slug, so each unknown one would leave an entry on disk (.next/cache). The
 * page's own 404 answer is cached instead, in memory (lib/cache/cache-handler.mjs).
 */
const readPost = (slug: string): Promise<BlogPost | null> =>
  cachedRead(["post", slug], (source) => source.get(slug), { store: (post) => post !== null });

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** One page of the list (1-based). */
export const getBlogList = cache(async (page: number): Promise<BlogListResult> => {
  try {
    const { total, blogs } = await readList(page);
    return { status: "ok", page, total, totalPages: totalPages(total), blogs };
  } catch (error) {
    logUpstreamError(`blog list page ${page}`, describe(error));
    await shortenPageLifetime();
    return { status: "error", message: BLOG_LIST_ERROR_MESSAGE };
  }
});

/** One post by slug. */
export const getBlogPost = cache(async (slug: string): Promise<BlogPostResult> => {
  try {
    const post = await readPost(slug);
    return post ? { status: "ok", post } : { status: "not-found" };
  } catch (error) {
    logUpstreamError(`blog post ${slug}`, describe(error));
    await shortenPageLifetime();
    return { status: "error", message: BLOG_POST_ERROR_MESSAGE };
  }
});

/** Every post's summary, newest first as the source lists them; throws when the source fails. */
export const getAllBlogSummaries = cache(async (): Promise<BlogSummary[]> => {
  const first = await readList(1);
  const pages = Math.min(totalPages(first.total), MAX_LIST_PAGES);
  const rest = await Promise.all(
    Array.from({ length: Math.max(pages - 1, 0) }, (_, i) => readList(i + 2)),
  );
  const seen = new Set<string>();
  return [first, ...rest]
    .flatMap((page) => page.blogs)
    .filter((blog) => !seen.has(blog.slug) && seen.add(blog.slug));
});

/**
 * Every post's summary with its publication date (sitemap lastmod): the local folder lists
 * dates; for a host whose list does not, the post itself is read (cached like any read).
 * Throws when the list fails.
 */
export const getDatedBlogSummaries = cache(async (): Promise<BlogSummary[]> => {
  const summaries = await getAllBlogSummaries();
  return Promise.all(
    summaries.map(async (summary) => {
      if (summary.date) return summary;
      const post = await readPost(summary.slug).catch(() => null);
      return { ...summary, date: post?.date ?? null };
    }),
  );
});

/** The newest `count` posts in full (feed, sitemap dates); throws when the list fails. */
export const getRecentPosts = cache(async (count: number): Promise<BlogPost[]> => {
  const summaries = (await getAllBlogSummaries()).slice(0, count);
  const posts = await Promise.all(
    summaries.map((summary) => readPost(summary.slug).catch(() => null)),
  );
  return posts.filter((post) => post !== null);
});
