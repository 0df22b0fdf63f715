import { revalidatePath, revalidateTag } from "next/cache";
import { TAGS } from "../constants";
import { metrics } from "../ops";
import { refreshFeed } from "./feed-reader";
import { feedStore } from "./feed-store";
import { getSectionFeeds } from "./feeds-config";
import { peekSectionHeadlines } from "./headlines";
import { BREAKING_NEWS_SECTION, type SectionSlug } from "./sections";

/**
 * An editor's refresh of sections' headlines (POST /api/revalidate): every feed of each
 * section is read again at once, so the new copy is in the feed store before any page asks;
 * then the sections' cached headlines expire (their tags, expire 0: the next reader gets the
 * new headlines, not a stale page) together with the pages that show them.
 */

/** Sections the home page shows (its "Breaking News" block). */
export const HOME_PAGE_SECTIONS: readonly SectionSlug[] = [BREAKING_NEWS_SECTION];

/**
 * The page paths showing a section's headlines, in one place. Tags do the work (a page that
 * read a section's headlines carries its tag); the paths make sure the page entries go too.
 */
export function pagesShowingSection(slug: SectionSlug): string[] {
  const paths = [`/${slug}`];
  if (HOME_PAGE_SECTIONS.includes(slug)) paths.push("/");
  return paths;
}

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

export async function refreshSections(slugs: readonly SectionSlug[]): Promise<SectionRefresh[]> {
  const results = await Promise.all(
    slugs.map(async (section) => {
      const feeds = getSectionFeeds(section);
      const started = Date.now();
      await Promise.allSettled(feeds.map((url) => refreshFeed(url, section)));
      const failures: SectionRefresh["failures"] = [];
      for (const url of feeds) {
        const health = await feedStore().getHealth(url);
        const success = health?.lastSuccessAt ? Date.parse(health.lastSuccessAt) : 0;
        if (success < started)
          failures.push({ url, error: health?.lastError?.message ?? "no answer" });
      }
      const items = peekSectionHeadlines(section)?.length ?? 0;
      metrics().sectionItems.set({ section }, items);
      return {
        section,
        feeds: feeds.length,
        feedsAnswered: feeds.length - failures.length,
        failures,
        items,
        pages: pagesShowingSection(section),
      };
    }),
  );
  for (const { section, pages } of results) {
    revalidateTag(`${TAGS.headlines}:${section}`, { expire: 0 });
    for (const path of pages) revalidatePath(path);
  }
  return results;
}
