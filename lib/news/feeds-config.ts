import { readFileSync, statSync } from "node:fs";
import { config } from "../env";
import { logUpstreamError } from "../ops";
import { getSection, isSectionSlug, SECTIONS, type SectionSlug } from "./sections";

/**
 * The feeds of a section: the built-in list, replaced whole or per section by the JSON
 * file NEWS_FEEDS_FILE names ({ "<slug>": ["<url>", ...] }). The file is re-read when it
 * changes, so an operator edits it without a rebuild or restart.
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

function readOverrides(): Overrides {
  const path = config().newsFeedsFile;
  if (!path) return {};
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
    return cache?.path === path ? cache.overrides : {};
  }
}

export function getSectionFeeds(slug: SectionSlug): string[] {
  return readOverrides()[slug] ?? [...(getSection(slug)?.feeds ?? [])];
}

/**
 * The origins of every configured feed: hosts an operator chose, so the server may reach them
 * on any address (loopback or private included). A photo a feed names is fetched on such an
 * address only when it is on one of these origins (lib/photos).
 */
export function configuredFeedOrigins(): ReadonlySet<string> {
  const origins = new Set<string>();
  for (const section of SECTIONS) {
    for (const feed of getSectionFeeds(section.slug)) origins.add(new URL(feed).origin);
  }
  return origins;
}
