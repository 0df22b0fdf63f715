import { unstable_cache } from "next/cache";
import { cache } from "react";
import { recordPosts, type PostRecord } from "../archive";
import { cachedFailure, sharedGet, sharedSet } from "../cache";
import { blogTags } from "../tags";
import { existsSync } from "node:fs";
import path from "node:path";
import { config, type AppConfig } from "../env";
import { logUpstreamError, metrics } from "../ops";
import { DEFAULT_PHOTO } from "../photos";
import type { Publication } from "../publication";
import { readBodies } from "./bodies";
import { createFunctionsSource } from "./functions-source";
import { createLocalSource, LOCAL_BLOG_DIR } from "./local-source";
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
 * The blog's data layer. Pages call these functions with their publication and never know
 * which source answers: the functions host when BLOG_API_URL and BLOG_API_KEY are set, asked
 * with the publication's `domain` (blogDomain), else the local markdown: the folder
 * content/blog/<blogDomain>/ when the publication has one, else content/blog/ (the network's
 * own newsroom posts, which every publication without a folder of its own shows).
 * Each source's answers are cached for BLOG_REVALIDATE_SECONDS under the tag of every
 * publication it serves (blogTag; POST /api/revalidate expires them at once); the cache keys
 * name the source (host and domain, or folder), so two publications never share an answer
 * unless they share a source. Each answer's last good copy is kept in memory and, with REDIS_URL,
 * in Redis for every instance, so a host that fails keeps serving what it last said, even to
 * an instance that never read it. A failure is never cached as data.
 */

export { BLOG_COPY } from "./copy";
export { blogPageHref, pageItems, parsePageNumber, totalPages } from "./pagination";
export { blogPostImageUrl, blogPostingJsonLd } from "./structured-data";
export { refreshBlog } from "./refresh";
export type { BlogPost, BlogSummary } from "./types";

export const BLOG_REVALIDATE_SECONDS = 300;
/** The most list pages read when every post is needed (sitemap, feed, search). */
const MAX_LIST_PAGES = 50;
const MAX_REMEMBERED = 500;

export type BlogListResult =
  | { status: "ok"; page: number; totalPages: number; total: number; blogs: BlogSummary[] }
  | { status: "error"; message: string };

export type BlogPostResult =
  { status: "ok"; post: BlogPost } | { status: "not-found" } | { status: "error"; message: string };

interface SourceEntry {
  config: AppConfig;
  key: string;
  source: BlogSource;
}

/** Sources by their key; one per domain or folder, whatever the number of publications. */
const sources = new Map<string, SourceEntry>();

function localFolder(publication: Publication): string {
  const own = path.join(LOCAL_BLOG_DIR, publication.blogDomain);
  return existsSync(/* turbopackIgnore: true */ own) ? own : LOCAL_BLOG_DIR;
}

/** The publication's source, built once per configuration; `key` keeps the sources' caches apart. */
function sourceOf(publication: Publication): SourceEntry {
  const cfg = config();
  const api = cfg.blogApi;
  const folder = api ? null : localFolder(publication);
  const key = api
    ? `functions:${api.url.href}:${publication.blogDomain}`
    : `local:${path.relative(LOCAL_BLOG_DIR, folder!) || "."}`;
  let entry = sources.get(key);
  if (entry?.config !== cfg) {
    entry = {
      config: cfg,
      key,
      source: api
        ? createFunctionsSource({ url: api.url, key: api.key, domain: publication.blogDomain })
        : createLocalSource(folder!),
    };
    sources.set(key, entry);
  }
  return entry;
}

/** Names the publication's source in cache keys derived from blog data (e.g. the RSS document). */
export function blogSourceKey(publication: Publication): string {
  return sourceOf(publication).key;
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

/** The source has no such entry: an answer, but not one to keep as data (see readPost). */
class Absent extends Error {}

/**
 * A read of the publication's source through the data cache. A null answer (absence) is not
 * stored: the read reports it as Absent, which the data cache does not keep (it stores only
 * what a read returns), and the caller gets null.
 */
function cachedRead<T>(
  publication: Publication,
  parts: string[],
  read: (source: BlogSource) => Promise<T | null>,
): Promise<T | null> {
  const { key, source } = sourceOf(publication);
  const id = [key, ...parts].join(":");
  const cached = unstable_cache(
    async () => {
      const value = await withLastGood(id, () => read(source));
      if (value === null) throw new Absent(id);
      return value;
    },
    ["blog", key, ...parts],
    { revalidate: BLOG_REVALIDATE_SECONDS, tags: blogTags(publication.key) },
  );
  return cached().catch((error: unknown) => {
    if (error instanceof Absent) return null;
    throw error;
  });
}

/**
 * Into the archive (lib/archive), so the blog is searched and dated with the headlines: what a
 * read answered, for this publication (a source may serve several); queued, never waited for.
 */
function archive(publication: Publication, posts: PostRecord[]): void {
  recordPosts(publication, posts, DEFAULT_PHOTO);
}

const summaryRecord = (blog: BlogSummary): PostRecord => ({
  slug: blog.slug,
  title: blog.metaTitle,
  description: blog.metaDescription,
  date: blog.date,
  text: null,
});

const postRecord = (post: BlogPost): PostRecord => ({
  slug: post.slug,
  title: post.metaTitle,
  description: post.metaDescription,
  date: post.date,
  // Markdown's marks are no words; its raw HTML's tags are, and are left out.
  text: [
    ...post.shortTailKeywords,
    ...post.longTailKeywords,
    post.body.replace(/<[^>]*>/g, " "),
  ].join("\n"),
});

// A list read always answers a page (possibly empty), never null.
const readList = async (publication: Publication, page: number) => {
  const list = (await cachedRead(publication, ["list", String(page)], async (source) => {
    const answer = await source.list(page);
    // Read from the host just now (not from the cache): the new and changed posts' bodies
    // are read after it, in the background, from within the data cache's own read, so their
    // requests are the cache's and never make the page rendering it dynamic.
    readBodies(
      publication.key,
      answer.blogs,
      (slug) => source.get(slug),
      (post) => archive(publication, [postRecord(post)]),
    );
    return answer;
  })) as BlogListPage;
  archive(publication, list.blogs.map(summaryRecord));
  return list;
};

/**
 * One post, or null when the source has none. Absence is not cached as data: every address
 * is a possible slug, so each unknown one would leave an entry on disk. The page's own 404
 * answer is cached instead, in memory (lib/cache/cache-handler.mjs).
 */
const readPost = async (publication: Publication, slug: string): Promise<BlogPost | null> => {
  const post = await cachedRead(publication, ["post", slug], (source) => source.get(slug));
  if (post) archive(publication, [postRecord(post)]);
  return post;
};

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** One page of the list (1-based). */
export const getBlogList = cache(
  async (publication: Publication, page: number): Promise<BlogListResult> => {
    try {
      const { total, blogs } = await readList(publication, page);
      return { status: "ok", page, total, totalPages: totalPages(total), blogs };
    } catch (error) {
      logUpstreamError(`blog list page ${page}`, describe(error));
      return cachedFailure<BlogListResult>(
        { status: "error", message: BLOG_LIST_ERROR_MESSAGE },
        ["blog", blogSourceKey(publication), "list", String(page)],
        blogTags(publication.key),
      );
    }
  },
);

/** One post by slug. */
export const getBlogPost = cache(
  async (publication: Publication, slug: string): Promise<BlogPostResult> => {
    try {
      const post = await readPost(publication, slug);
      return post ? { status: "ok", post } : { status: "not-found" };
    } catch (error) {
      logUpstreamError(`blog post ${slug}`, describe(error));
      return cachedFailure<BlogPostResult>(
        { status: "error", message: BLOG_POST_ERROR_MESSAGE },
        ["blog", blogSourceKey(publication), "post", slug],
        blogTags(publication.key),
      );
    }
  },
);

/** Every post's summary, newest first as the source lists them; throws when the source fails. */
export const getAllBlogSummaries = cache(
  async (publication: Publication): Promise<BlogSummary[]> => {
    const first = await readList(publication, 1);
    const pages = Math.min(totalPages(first.total), MAX_LIST_PAGES);
    const rest = await Promise.all(
      Array.from({ length: Math.max(pages - 1, 0) }, (_, i) => readList(publication, i + 2)),
    );
    const seen = new Set<string>();
    return [first, ...rest]
      .flatMap((page) => page.blogs)
      .filter((blog) => !seen.has(blog.slug) && seen.add(blog.slug));
  },
);

/**
 * Every post's summary with its publication date (sitemap lastmod): the local folder lists
 * dates; for a host whose list does not, the post itself is read (cached like any read).
 * Throws when the list fails.
 */
export const getDatedBlogSummaries = cache(
  async (publication: Publication): Promise<BlogSummary[]> => {
    const summaries = await getAllBlogSummaries(publication);
    return Promise.all(
      summaries.map(async (summary) => {
        if (summary.date) return summary;
        const post = await readPost(publication, summary.slug).catch(() => null);
        return { ...summary, date: post?.date ?? null };
      }),
    );
  },
);

/** The newest `count` posts in full (feed, sitemap dates); throws when the list fails. */
export const getRecentPosts = cache(
  async (publication: Publication, count: number): Promise<BlogPost[]> => {
    const summaries = (await getAllBlogSummaries(publication)).slice(0, count);
    const posts = await Promise.all(
      summaries.map((summary) => readPost(publication, summary.slug).catch(() => null)),
    );
    return posts.filter((post) => post !== null);
  },
);
