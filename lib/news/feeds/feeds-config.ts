import { readFileSync, statSync } from "node:fs";
import { config } from "../../env";
import { logUpstreamError } from "../../ops";
import { publications, type Publication } from "../../publication";
import { PublicationsFileError } from "../../publication/publications-file.mjs";
import { getSection, isSectionSlug, SECTIONS, type SectionSlug } from "../sections";

/**
 * The feeds of a section for a publication: the publication's own list for that section
 * (PUBLICATIONS_FILE, "feeds"), else the network's: the built-in list, replaced whole or per
 * section by the JSON file NEWS_FEEDS_FILE names ({ "<slug>": ["<url>", ...] }). That file is
 * re-read when it changes, so an operator edits it without a rebuild or restart.
 * Feeds are known by their address alone: every publication listing one shares its reads.
 */

type Overrides = Partial<Record<SectionSlug, string[]>>;
let cache: { path: string; mtimeMs: number; overrides: Overrides } | undefined;

export function parseFeedOverrides(json: string): Overrides {
  const data: unknown = JSON.parse(json);
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new Error("must be a JSON object of section slug to feed URL list");
  }
  const overrides: Overrides = {};
  for (const [slug, urls] of Object.entries(data)) {
    if (!isSectionSlug(slug)) throw new Error(`unknown section "${slug}"`);
    if (!Array.isArray(urls) || urls.length === 0)
      throw new Error(`"${slug}" must list at least one feed URL`);
    overrides[slug] = urls.map((value) => {
      const url = new URL(String(value));
      if (url.protocol !== "http:" && url.protocol !== "https:")
        throw new Error(`"${value}" is not an http(s) URL`);
      return url.toString();
    });
  }
  return overrides;
}

/** One object, so that what is derived from the overrides (configuredFeedOrigins) is kept. */
const NO_OVERRIDES: Overrides = Object.freeze({});

function readOverrides(): Overrides {
  const path = config().newsFeedsFile;
  if (!path) return NO_OVERRIDES;
  try {
    const { mtimeMs } = statSync(path);
    if (cache?.path !== path || cache.mtimeMs !== mtimeMs) {
      cache = { path, mtimeMs, overrides: parseFeedOverrides(readFileSync(path, "utf8")) };
    }
    return cache.overrides;
  } catch (error) {
    // A broken file must not take the headlines down: keep the last good reading, else built-ins.
    logUpstreamError(
      `NEWS_FEEDS_FILE ${path}`,
      error instanceof Error ? error.message : String(error),
    );
    return cache?.path === path ? cache.overrides : NO_OVERRIDES;
  }
}

export function getSectionFeeds(publication: Publication, slug: SectionSlug): string[] {
  const own = publication.feeds[slug];
  if (own) return [...own];
  return readOverrides()[slug] ?? [...(getSection(slug)?.feeds ?? [])];
}

let everyFeed:
  | { publications: readonly Publication[]; overrides: Overrides; feeds: Map<string, SectionSlug> }
  | undefined;

/**
 * Every feed the network's publications list, each address once, with the first section that
 * lists it: what the scheduler polls (lib/news/schedule/scheduler.ts). Worked out again only when the
 * network or NEWS_FEEDS_FILE changed.
 */
export function configuredFeeds(): ReadonlyMap<string, SectionSlug> {
  const all = publications();
  const overrides = readOverrides();
  if (everyFeed?.publications === all && everyFeed.overrides === overrides) return everyFeed.feeds;
  const feeds = new Map<string, SectionSlug>();
  for (const section of SECTIONS) {
    const network = overrides[section.slug] ?? section.feeds;
    for (const publication of all) {
      for (const url of publication.feeds[section.slug] ?? network)
        if (!feeds.has(url)) feeds.set(url, section.slug);
    }
  }
  everyFeed = { publications: all, overrides, feeds };
  return feeds;
}

/** Where a feed is used: its sections, and the publications (keys) that show it. */
export interface FeedUse {
  sections: SectionSlug[];
  publications: string[];
}

let uses:
  | { publications: readonly Publication[]; overrides: Overrides; map: Map<string, FeedUse> }
  | undefined;

/**
 * Every configured feed, each address once, with where it is used (GET /api/feeds/status).
 * Worked out again only when the network or NEWS_FEEDS_FILE changed: for a network of
 * thousands of publications it is tens of thousands of lookups.
 */
export function feedUses(): ReadonlyMap<string, Readonly<FeedUse>> {
  const all = publications();
  const overrides = readOverrides();
  if (uses?.publications === all && uses.overrides === overrides) return uses.map;
  const map = new Map<string, FeedUse>();
  for (const publication of all) {
    for (const section of SECTIONS) {
      for (const url of publication.feeds[section.slug] ??
        overrides[section.slug] ??
        section.feeds) {
        let use = map.get(url);
        if (!use) map.set(url, (use = { sections: [], publications: [] }));
        if (!use.sections.includes(section.slug)) use.sections.push(section.slug);
        if (use.publications.at(-1) !== publication.key) use.publications.push(publication.key);
      }
    }
  }
  uses = { publications: all, overrides, map };
  return map;
}

/** One publication carries one feed in one section (`rank`: the section's place in the menu). */
export interface Carriage {
  publication: string;
  section: SectionSlug;
  feed: string;
  rank: number;
}

let carriage:
  { publications: readonly Publication[]; overrides: Overrides; rows: Carriage[] } | undefined;

/**
 * Every publication's sections and the feeds they list, a row each: the archive's history of
 * what each publication carried (lib/archive). The same list while the network and
 * NEWS_FEEDS_FILE are unchanged.
 */
export function carriageRows(): readonly Carriage[] {
  const all = publications();
  const overrides = readOverrides();
  if (carriage?.publications === all && carriage.overrides === overrides) return carriage.rows;
  const rows: Carriage[] = [];
  for (const publication of all)
    SECTIONS.forEach((section, rank) => {
      for (const feed of publication.feeds[section.slug] ??
        overrides[section.slug] ??
        section.feeds)
        rows.push({ publication: publication.key, section: section.slug, feed, rank });
    });
  carriage = { publications: all, overrides, rows };
  return rows;
}

let origins:
  { publications: readonly Publication[]; overrides: Overrides; set: Set<string> } | undefined;

/**
 * The origins of every configured feed: hosts an operator chose, so the server may reach them
 * on any address (loopback or private included). A photo a feed names is fetched on such an
 * address only when it is on one of these origins (lib/photos).
 */
export function configuredFeedOrigins(): ReadonlySet<string> {
  const all = publications();
  const overrides = readOverrides();
  if (origins?.publications === all && origins.overrides === overrides) return origins.set;
  const set = new Set<string>();
  const add = (feed: string) => set.add(new URL(feed).origin);
  for (const section of SECTIONS) {
    (overrides[section.slug] ?? section.feeds).forEach(add);
    for (const publication of all) publication.feeds[section.slug]?.forEach(add);
  }
  origins = { publications: all, overrides, set };
  return set;
}

/**
 * Every section a publication's "feeds" names is one of the 15: checked once at start
 * (instrumentation-node.ts), where a mistake stops the server naming the publication.
 */
export function checkPublicationFeeds(): void {
  const problems: string[] = [];
  publications().forEach((publication, index) => {
    for (const slug of Object.keys(publication.feeds)) {
      if (!isSectionSlug(slug)) {
        problems.push(
          `publication ${index + 1} (${publication.url.origin}): "feeds.${slug}" is not a section (one of ${SECTIONS.map((section) => section.slug).join(", ")})`,
        );
      }
    }
  });
  if (problems.length > 0) throw new PublicationsFileError(problems);
}
