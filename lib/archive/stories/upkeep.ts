import { assignStories, type StoryStore } from "./assign.ts";

/**
 * The upkeep of the words items leave (assign.ts): old ones removed, and the backfill that
 * groups items recorded before stories.
 */

/** The moment before which this process last removed words (it only moves forward). */
let forgotBefore = 0;

/**
 * The words items left are needed within the window only: those older than two windows before
 * the newest item just recorded are removed, each time that moment has moved on by an hour,
 * unless the backfill is still going (it groups old items, whose neighbours' words it needs).
 * The clock is the items', not the wall's: the same hourly removal where items come as they
 * are published, and a replay of a year's items in minutes (a bench, a restore) keeps two
 * windows of words too, not the whole year's. Never past now: an item's moment is at most when
 * it was seen.
 */
export async function forgetOldWords(
  store: StoryStore,
  windowMs: number,
  recorded: readonly { at: number }[],
) {
  if (recorded.length === 0) return;
  const newest = recorded.reduce((most, item) => Math.max(most, item.at), 0);
  const before = Math.min(newest, Date.now()) - 2 * windowMs;
  if (before - forgotBefore < 3_600_000) return;
  forgotBefore = before;
  if ((await store.cursor()) !== null) return;
  await store.forget(before);
}

/**
 * One step of the backfill: groups up to `limit` items recorded before stories, oldest first,
 * from where the last step stopped (the cursor lives in the archive: a backfill interrupted
 * resumes). How many it grouped; 0 once every item is grouped.
 */
export async function backfillStep(
  store: StoryStore,
  limit: number,
  windowMs: number,
): Promise<number> {
  const after = await store.cursor();
  if (after === null) return 0;
  const items = await store.ungrouped(after, limit);
  if (items.length === 0) {
    await store.setCursor(null);
    return 0;
  }
  await assignStories(store, items, windowMs);
  await store.setCursor(items.at(-1)!.id);
  return items.length;
}
