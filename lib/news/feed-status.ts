import { publications } from "../publication";
import { EMPTY_HEALTH, feedStore, type FeedHealth } from "./feed-store";
import { getSectionFeeds } from "./feeds-config";
import { SECTION_SLUGS, type SectionSlug } from "./sections";

/** One configured feed as GET /api/feeds/status reports it: where it is used, then its health. */
export interface FeedStatus extends FeedHealth {
  url: string;
  sections: SectionSlug[];
  /** The publications that show it (their keys, the hosts); `publicationCount` of them. */
  publications: string[];
  publicationCount: number;
}

/**
 * Every configured feed once (a feed listed by several sections or publications names them
 * all), with its health as this process saw it. A feed not read since start has no times and
 * zero counts. `publicationLimit` caps the hosts listed per feed (a network-wide feed is used
 * by thousands); `publicationCount` is always the whole number.
 */
export async function feedStatuses(publicationLimit = 50): Promise<FeedStatus[]> {
  const uses = new Map<string, { sections: Set<SectionSlug>; publications: string[] }>();
  for (const publication of publications()) {
    for (const slug of SECTION_SLUGS) {
      for (const url of getSectionFeeds(publication, slug)) {
        let use = uses.get(url);
        if (!use) uses.set(url, (use = { sections: new Set(), publications: [] }));
        use.sections.add(slug);
        if (use.publications.at(-1) !== publication.key) use.publications.push(publication.key);
      }
    }
  }
  return Promise.all(
    [...uses].map(async ([url, use]) => {
      const health = (await feedStore().getHealth(url)) ?? EMPTY_HEALTH;
      return {
        url,
        sections: [...use.sections],
        publications: use.publications.slice(0, publicationLimit),
        publicationCount: use.publications.length,
        ...health,
      };
    }),
  );
}
