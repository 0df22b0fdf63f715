import { getAllBlogSummaries, type BlogSummary } from "../blog";
import { logUpstreamError } from "../ops";
import { storedSectionHeadlines } from "../news";
import { linkKey } from "../news";
import { SECTIONS, type Section } from "../news";
import type { FeedArticle } from "../news";
import type { Publication } from "../publication";
import { searchItems } from "./search";

/**
 * A publication's search over what it already holds: the headlines every section last read (from
 * the feed store, shared by every instance with REDIS_URL; a search never calls a feed) and the blog's post summaries (cached like
 * the blog pages). A blog that cannot be read leaves the headline results standing.
 */

export interface HeadlineHit {
  article: FeedArticle;
  section: Pick<Section, "slug" | "title">;
}

export interface SiteSearchResults {
  headlines: HeadlineHit[];
  /** null when the blog could not be read. */
  posts: BlogSummary[] | null;
}

/** Every cached headline once, under the first section (in menu order) that carries it. */
async function cachedHeadlines(publication: Publication): Promise<HeadlineHit[]> {
  const seen = new Set<string>();
  const hits: HeadlineHit[] = [];
  const sections = await Promise.all(
    SECTIONS.map((section) => storedSectionHeadlines(publication, section.slug)),
  );
  for (const [index, { slug, title }] of SECTIONS.entries()) {
    for (const article of sections[index] ?? []) {
      const key = linkKey(article.link);
      if (seen.has(key)) continue;
      seen.add(key);
      hits.push({ article, section: { slug, title } });
    }
  }
  return hits;
}

async function blogSummaries(publication: Publication): Promise<BlogSummary[] | null> {
  try {
    return await getAllBlogSummaries(publication);
  } catch (error) {
    logUpstreamError("search: blog list", error instanceof Error ? error.message : String(error));
    return null;
  }
}

export async function searchSite(
  publication: Publication,
  query: string,
): Promise<SiteSearchResults> {
  const [posts, headlines] = await Promise.all([
    blogSummaries(publication),
    cachedHeadlines(publication),
  ]);
  return {
    headlines: searchItems(headlines, query, ({ article }) => article),
    posts:
      posts &&
      searchItems(posts, query, (post) => ({
        title: post.metaTitle,
        description: post.metaDescription,
      })),
  };
}
