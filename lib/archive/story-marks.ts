import { unstable_cache } from "next/cache";
import { cachedFailure } from "../cache";
import { publishVersion } from "../cache/freshness.mjs";
import { logger } from "../ops";
import { processSingleton } from "../process";
import { storiesTag } from "../tags";
import { withArchive } from "./engine";
import type { ArchivedHeadline, StoryMark } from "./types";
import { startWatch } from "./watch";
import { WATCH_MS } from "./withdrawals";

/**
 * Stories as pages show them (lib/archive/stories decides them at ingest): the marks of a
 * page's cards, read from the archive when the page is made (a cached page costs nothing),
 * and the watch that drops pages whose stories changed.
 *
 * A page that shows feeds' headlines carries each feed's stories tag (lib/tags.ts). The archive
 * notes when each feed's items' stories change (story_changes: a copy joined a story, stories
 * were joined, an editor split one); every instance reads those notes every WATCH_MS and
 * publishes a new version of the feeds' tags (lib/cache/freshness.mjs), so every cached page
 * written before is a miss, here and, with Redis, on every instance.
 */

/** Notes read again this far back: a writer's transaction may commit after a later one's. */
const SLACK_MS = 10_000;

const state = processSingleton("archive-story-watch", () => ({
  published: new Map<string, number>(),
  since: 0,
}));

/** Reads the stories' changes since the last read, and publishes the feeds' new versions. */
export async function watchStories(): Promise<void> {
  const rows = await withArchive((engine) => engine.storyChanges(state.since));
  const now = Date.now();
  for (const { feed, at } of rows) {
    if (state.published.get(feed) === at) continue;
    state.published.set(feed, at);
    await publishVersion(storiesTag(feed), String(at), { confirmedAt: now, changedAt: at });
  }
  const latest = rows.reduce((max, row) => Math.max(max, row.at), 0);
  if (latest > 0) state.since = Math.max(state.since, latest - SLACK_MS);
}

/** Starts watching the stories' changes (lib/archive/start.ts). */
export function startStoryWatch(): void {
  startWatch("stories", WATCH_MS, watchStories);
}

/** A build reads no archive: its pages are made again when the site runs. */
const building = () => process.env.NEXT_PHASE === "phase-production-build";

/**
 * The marks of the publication's cards (by link): each card of a story it shows more than one
 * item of. Empty when the archive cannot say now: the cards show as they would without stories,
 * and the page made so lives ERROR_RETRY_SECONDS (a failure's cache entry, lib/cache), not its
 * feeds' lifetime: it is made again, with its marks, soon after the archive answers again.
 */
export async function storyMarks(
  publicationKey: string,
  links: readonly string[],
): Promise<Map<string, StoryMark>> {
  if (links.length === 0 || building()) return new Map();
  try {
    const marks = await withArchive((engine) => engine.storiesOf(publicationKey, links));
    return new Map(marks.map((mark) => [mark.link, mark]));
  } catch {
    await cachedFailure(true, ["story-marks", publicationKey], []);
    return new Map();
  }
}

/**
 * Marks the render as showing the feeds' stories: what it makes carries their stories tags,
 * and is a miss once their stories change.
 */
export async function tagWithStories(feeds: readonly string[]): Promise<void> {
  await unstable_cache(async () => true, ["stories", ...feeds], {
    tags: feeds.map(storiesTag),
  })();
}

/**
 * A story's items the publication carried and shows, newest first; [] for none (an unknown
 * id too). Throws ArchiveUnavailableError when the archive cannot answer.
 */
export function storyItems(publicationKey: string, id: string): Promise<ArchivedHeadline[]> {
  return withArchive((engine) => engine.story(publicationKey, id));
}

export interface StorySplitChange {
  /** A publication's key (its editors), or "*" (the operators). */
  target: string;
  link: string;
  /** Who asked: "editors of <key>" or "operators". */
  by: string;
}

/**
 * An editor's split of a link out of its story, or its undoing (POST /api/stories/split):
 * whether anything changed; null when the target carried no item of the link. Logged with who
 * asked; this instance publishes the stories' change at once, the others within WATCH_MS.
 */
export async function changeStorySplit(
  change: StorySplitChange,
  undo: boolean,
): Promise<boolean | null> {
  const changed = await withArchive(
    (engine) =>
      engine.splitStory(
        { publication: change.target, link: change.link, by: change.by, at: Date.now() },
        undo,
      ),
    10_000,
  );
  if (changed === null) return null;
  logger().warn(
    { event: undo ? "story-split-undone" : "story-split", ...change, changed },
    `${undo ? "undid the split of" : "split"} ${change.link} (${change.target}) by ${change.by}`,
  );
  await watchStories().catch(() => undefined);
  return changed;
}
