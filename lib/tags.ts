import { createHash } from "node:crypto";
import { versionTag } from "./cache/freshness.mjs";

/**
 * Every cache tag the site makes, in one place. The cache layer (lib/cache) takes tags as data
 * and names no feature; what a tag means is said here.
 *
 * - `headlines`, `headlines:<slug>`: every merged section, one section's.
 * - `feed:<hash>`: everything made from one feed (merged sections and the pages showing them),
 *   in every publication that lists it; hashed, as tags are short and addresses need not be.
 * - `feed:<hash>@<version>`: made from that version of the feed's copy. When the feed's copy
 *   changes, its new version is published (lib/cache/freshness.mjs) and every entry carrying
 *   another version is a miss.
 * - `stories:<hash>`: everything that shows the stories of one feed's items (their `n sources`
 *   and story pages). When they change, a new version is published (lib/archive/story-marks.ts)
 *   and every entry written before is a miss.
 * - `blog`, `blog:<publication key>`: every cached blog answer, one publication's.
 * - `archive`, `archive:<publication key>`: every cached read of the archive's calendar (its
 *   months, a month's days, a day's headlines), one publication's. They also carry the
 *   publication's withdrawal tags (below), so a withdrawal expires them.
 */

const HEADLINES = "headlines";
const BLOG = "blog";
const ARCHIVE = "archive";

/** The tags of one section's merged headlines, before those of its feeds. */
export function sectionTags(slug: string): string[] {
  return [HEADLINES, `${HEADLINES}:${slug}`];
}

/** The tag of everything made from the feed at `url`. */
export function feedTag(url: string): string {
  return `feed:${createHash("sha256").update(url).digest("base64url").slice(0, 22)}`;
}

/** The tag of what was made from one version of the feed's copy. */
export function feedVersionTag(url: string, version: string): string {
  return versionTag(feedTag(url), version);
}

/** The tag of what shows the stories of the feed's items. */
export function storiesTag(url: string): string {
  return `stories:${feedTag(url).slice("feed:".length)}`;
}

/** The tag every cached blog answer of the publication (its key) carries. */
export function blogTag(publicationKey: string): string {
  return `${BLOG}:${publicationKey}`;
}

/** The tags of a cached blog answer of the publication (its key). */
export function blogTags(publicationKey: string): string[] {
  return [BLOG, blogTag(publicationKey)];
}

/** The tags of a cached read of the publication's archive calendar (its key). */
export function archiveTags(publicationKey: string): string[] {
  return [ARCHIVE, `${ARCHIVE}:${publicationKey}`, ...withdrawalTags(publicationKey)];
}

/**
 * The tags of everything that shows a publication's headlines (its key): `withdrawn:<key>` and
 * `withdrawn:*` (the operators'). When the withdrawals in force change, a new version of the
 * tag is published (lib/archive/withdrawals.ts) and every entry written before it is a miss.
 */
export function withdrawalTags(publicationKey: string): string[] {
  return [`withdrawn:${publicationKey}`, "withdrawn:*"];
}

/** The tag of what shows the headlines of a publication key, or of every one ("*"). */
export function withdrawalTag(target: string): string {
  return `withdrawn:${target}`;
}
