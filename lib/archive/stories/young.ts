import { assignStories, type NewItem, type StoryStore } from "./assign.ts";

/**
 * Stories as items are recorded (both engines, in the transaction that inserts them), with an
 * archive's first items waited for: under TOO_FEW items no word can be told rare, so nothing
 * could be grouped, and a story whose copies all came in the first reads would never be. Those
 * items are left ungrouped (their story is their own meanwhile) and counted; the first step of
 * a grown archive groups them with its own items, oldest first.
 */

/** Items an archive holds before any is grouped. */
export const TOO_FEW = 80;

/** The store's part this needs, beside grouping's: how many items wait. */
export interface WaitingStore extends StoryStore {
  waiting(): Promise<number>;
  setWaiting(count: number): Promise<void>;
}

/** Groups the step's new items (oldest first), or, in a young archive, makes them wait. */
export async function groupRecorded(
  store: WaitingStore,
  added: readonly NewItem[],
  windowMs: number,
): Promise<void> {
  if (added.length === 0) return;
  const { items: total } = await store.uses([]);
  const waiting = await store.waiting();
  if (total < TOO_FEW) {
    await store.setWaiting(waiting + added.length);
    return;
  }
  const mine = new Set(added.map((item) => item.id));
  const earlier =
    waiting > 0
      ? (await store.ungrouped("0", waiting + added.length)).filter((item) => !mine.has(item.id))
      : [];
  await assignStories(
    store,
    [...earlier, ...added].sort((a, b) => a.at - b.at || (BigInt(a.id) < BigInt(b.id) ? -1 : 1)),
    windowMs,
  );
  if (waiting > 0) await store.setWaiting(0);
}
