import { blogPageHref, getDatedBlogSummaries, totalPages } from "../blog";
import { logUpstreamError } from "../ops";
import { KEY_PAGES, SECTION_PAGES } from "../pages";
import { publicationUrl, type Publication } from "../publication";
import { archiveMonths, monthEntries, monthLastModified, monthPartName } from "./archive-sitemap";
import {
  pagePartCount,
  renderSitemapIndex,
  renderUrlset,
  sitemapPart,
  type SitemapEntry,
} from "./sitemap-xml";

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

/** A sitemap document, and whether everything it should list could be read. */
export interface SitemapAnswer {
  body: string;
  complete: boolean;
}

const partUrl = (publication: Publication, name: string | number) =>
  publicationUrl(publication, `/sitemaps/${name}.xml`);

/**
 * /sitemap.xml: an index of the site's pages (/sitemaps/1.xml, and more parts past 50,000
 * addresses) and of the archive, a part per month (/sitemaps/2026-11.xml), latest first.
 */
export async function sitemapIndex(publication: Publication): Promise<SitemapAnswer> {
  const [pages, archive] = await Promise.all([
    sitemapEntries(publication),
    archiveMonths(publication),
  ]);
  const parts = Array.from({ length: pagePartCount(pages.entries.length) }, (_, i) => ({
    url: partUrl(publication, i + 1),
  }));
  const months = archive.months.map((month) => ({
    url: partUrl(publication, monthPartName(month)),
    lastModified: monthLastModified(month),
  }));
  return {
    body: renderSitemapIndex([...parts, ...months]),
    complete: pages.complete && archive.complete,
  };
}

/** /sitemaps/<name>.xml: a part of the site's pages ("1") or a month ("2026-11"); null: none. */
export async function sitemapPartDocument(
  publication: Publication,
  name: string,
): Promise<SitemapAnswer | null> {
  if (/^[1-9]\d{0,4}$/.test(name)) {
    const { entries, complete } = await sitemapEntries(publication);
    const body = sitemapPart(entries, Number(name));
    return body === null ? null : { body, complete };
  }
  if (!/^\d{4}-\d{2}$/.test(name)) return null;
  const archive = await archiveMonths(publication);
  const month = archive.months.find((entry) => monthPartName(entry) === name);
  if (month) return { body: renderUrlset(monthEntries(publication, month)), complete: true };
  // Unknown while the archive is away: an empty part, soon asked again, rather than a 404.
  return archive.complete ? null : { body: renderUrlset([]), complete: false };
}
