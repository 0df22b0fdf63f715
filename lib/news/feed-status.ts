import { EMPTY_HEALTH, feedStore, type FeedError } from "./feed-store";
import { getSectionFeeds } from "./feeds-config";
import { SECTION_SLUGS, type SectionSlug } from "./sections";

/** One configured feed as GET /api/feeds/status reports it. */
export interface FeedStatus {
  url: string;
  sections: SectionSlug[];
  lastSuccessAt: string | null;
  lastError: FeedError | null;
  lastDurationMs: number | null;
  itemCount: number | null;
  fetchCount: number;
  errorCount: number;
  notModifiedCount: number;
}

/**
 * Every configured feed once (a feed listed by several sections names them all), with its
 * health as this process saw it. A feed not read since start has no times and zero counts.
 */
export async function feedStatuses(): Promise<FeedStatus[]> {
  const sectionsOf = new Map<string, SectionSlug[]>();
  for (const slug of SECTION_SLUGS) {
    for (const url of getSectionFeeds(slug)) {
      sectionsOf.set(url, [...(sectionsOf.get(url) ?? []), slug]);
    }
  }
  return Promise.all(
    [...sectionsOf].map(async ([url, sections]) => {
      const health = (await feedStore().getHealth(url)) ?? EMPTY_HEALTH;
      return { url, sections, ...health };
    }),
  );
}
