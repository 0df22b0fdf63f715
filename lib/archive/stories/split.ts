import { assignStories, type StoryRow, type StoryStore } from "./assign.ts";
import { THRESHOLDS } from "./similarity.ts";
import type { StorySplit } from "../types";

/**
 * An editor's split (POST /api/stories/split), the same on both engines, in the writer's
 * transaction: every item of the link leaves its story and stands alone, for good (assign.ts
 * reads the splits: the item joins nothing and nothing joins it). A story whose first item
 * left takes its next item's id. Undone, the link's items are grouped again as if just
 * recorded. Either way the feeds of every item touched are told (story_changes), so every
 * instance drops the pages that show them.
 */

/** The store's part a split needs, beside grouping's. */
export interface SplitStore extends StoryStore {
  /** The items of a link, with their stories. */
  byLink(link: string): Promise<StoryRow[]>;
  /** Whether the publication ("*": any) carried an item of the link. */
  carries(publication: string, link: string): Promise<boolean>;
  /** Records (or, `undo`, removes) the split; true when that changed the table. */
  markSplit(split: StorySplit, undo: boolean): Promise<boolean>;
}

const older = (a: StoryRow, b: StoryRow) => (BigInt(a.id) < BigInt(b.id) ? a : b);

export async function splitStory(
  store: SplitStore,
  split: StorySplit,
  undo: boolean,
  windowMs: number,
): Promise<boolean | null> {
  if (!(await store.carries(split.publication, split.link))) return null;
  const changed = await store.markSplit(split, undo);
  const items = await store.byLink(split.link);
  if (items.length === 0) return changed;
  if (undo) {
    const touched = new Set(items.map((item) => item.feed));
    // Grouped again: their words may be there already.
    await assignStories(
      store,
      [...items].sort((a, b) => a.at - b.at || (BigInt(a.id) < BigInt(b.id) ? -1 : 1)),
      windowMs,
      THRESHOLDS,
      true,
    );
    await store.touched([...touched], split.at);
    return changed;
  }
  const stories = [...new Set(items.map((item) => item.story))];
  const members = await store.members(stories);
  const leaving = new Set(items.map((item) => item.id));
  const moves: [string, string][] = items.map((item) => [item.id, item.id]);
  for (const story of stories) {
    const rest = members.filter((row) => row.story === story && !leaving.has(row.id));
    if (rest.length === 0) continue;
    // A story's id is its first item's: the one that left may have been it.
    const first = rest.reduce(older).id;
    if (first !== story) for (const row of rest) moves.push([row.id, first]);
  }
  await store.setStories(moves);
  await store.touched([...new Set(members.map((row) => row.feed))], split.at);
  return changed;
}
