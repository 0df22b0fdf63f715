import { revalidateTag } from "next/cache";
import { metrics } from "../../ops";
import { expirePublicationPages, type Publication } from "../../publication";
import { feedTag } from "../../tags";
import { getSectionFeeds } from "../feeds";
import { peekSectionHeadlines } from "../headlines";
import type { SectionSlug } from "../sections";
import { feedStore, refreshFeed } from "../store";

/**
 * An editor's refresh of a publication's sections (POST /api/revalidate): every feed the
 * publication lists for each section is read again at once, so the new copy is in the feed
 * store before any page asks; then whatever was made from those feeds expires (their tags,
 * expire 0: the next reader gets the new headlines, not a stale page), on every publication
 * that lists them (the feed is one, and so is its new copy), together with this publication's
 * pages that show the sections.
 */

export interface SectionRefresh {
  section: SectionSlug;
  feeds: number;
  /** Feeds that answered now (a good document or a 304). */
  feedsAnswered: number;
  /** Feeds that failed now; each keeps its last good copy, if it has one. */
  failures: { url: string; error: string }[];
  /** Headlines the section shows now (merged, capped). */
  items: number;
  pages: string[];
}

/**
 * `pagesShowing` answers which of the publication's pages show a section's headlines: the
 * routes know (lib/pages), the news code does not. Tags do the work (a page that read a
 * section's headlines carries its tag); the paths make sure the page entries go too.
 */
export async function refreshSections(
  publication: Publication,
  slugs: readonly SectionSlug[],
  pagesShowing: (slug: SectionSlug) => string[],
): Promise<SectionRefresh[]> {
  const feedsOf = new Map(slugs.map((slug) => [slug, getSectionFeeds(publication, slug)]));
  const results = await Promise.all(
    slugs.map(async (section) => {
      const feeds = feedsOf.get(section)!;
      const started = Date.now();
      await Promise.allSettled(feeds.map((url) => refreshFeed(url, section)));
      const failures: SectionRefresh["failures"] = [];
      for (const url of feeds) {
        const health = await feedStore().getHealth(url);
        const success = health?.lastSuccessAt ? Date.parse(health.lastSuccessAt) : 0;
        if (success < started)
          failures.push({ url, error: health?.lastError?.message ?? "no answer" });
      }
      const items = peekSectionHeadlines(publication, section)?.length ?? 0;
      metrics().sectionItems.set({ section }, items);
      return {
        section,
        feeds: feeds.length,
        feedsAnswered: feeds.length - failures.length,
        failures,
        items,
        pages: pagesShowing(section),
      };
    }),
  );
  const tags = new Set([...feedsOf.values()].flat().map(feedTag));
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
  for (const { pages } of results) expirePublicationPages(publication, pages);
  return results;
}
