import { blogPageHref, getDatedBlogSummaries, totalPages } from "../blog";
import { logUpstreamError } from "../ops";
import { KEY_PAGES, SECTION_PAGES } from "../pages";
import { publicationUrl, type Publication } from "../publication";
import type { SitemapEntry } from "./sitemap-xml";

/**
 * Every indexable URL of the site, absolute (on the publication's origin): key pages, sections, the
 * blog's list pages and every post with its date. If the blog cannot be read, the rest is
 * still listed (and the failure logged): a sitemap is never an error page, but it is then
 * `complete: false`, so that no cache keeps it long.
 */
export async function sitemapEntries(
  publication: Publication,
): Promise<{ entries: SitemapEntry[]; complete: boolean }> {
  const pages: SitemapEntry[] = [...KEY_PAGES, ...SECTION_PAGES].flatMap((page) =>
    page.sitemap ? [{ url: publicationUrl(publication, page.path), ...page.sitemap }] : [],
  );
  try {
    const posts = await getDatedBlogSummaries(publication);
    const listPages = Array.from({ length: Math.max(totalPages(posts.length) - 1, 0) }, (_, i) => ({
      url: publicationUrl(publication, blogPageHref(i + 2)),
      changeFrequency: "daily" as const,
      priority: 0.5,
    }));
    const postEntries = posts.map((post) => ({
      url: publicationUrl(publication, `/blog/${post.slug}`),
      lastModified: post.date ?? undefined,
      changeFrequency: "monthly" as const,
      priority: 0.7,
    }));
    return { entries: [...pages, ...listPages, ...postEntries], complete: true };
  } catch (error) {
    logUpstreamError("sitemap blog posts", error instanceof Error ? error.message : String(error));
    return { entries: pages, complete: false };
  }
}
