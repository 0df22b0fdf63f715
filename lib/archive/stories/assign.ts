import { chooseStory, joined, withItem, type Candidate, type StoryCore } from "./group.ts";
import { ASK_MOST, asksOf, byAsker, CandidatePool, termsOfItem, type WordAsk } from "./pool.ts";
import {
  alikeItems,
  DISTINCTIVE,
  rarityIn,
  THRESHOLDS,
  type Rarity,
  type Terms,
  type Thresholds,
} from "./similarity.ts";

/**
 * Stories decided as items are recorded, once for the network, the same on both engines: each
 * engine answers a StoryStore inside the transaction that inserts the items (its writer), and
 * this decides. An item's story is the id of the story's first item (as text).
 *
 * Candidates are found by word, not by scanning: each item leaves its most distinctive words
 * in `story_words` (word, moment, item), and a new item asks for the recent items holding any
 * of its own (an index range per word, whatever the archive's size); rows older than the
 * window are of no use and are pruned.
 */

/** STORY_WINDOW_HOURS's default: how far apart two items may be and still be one story. */
export const STORY_WINDOW_MS = 72 * 3_600_000;

/** Words an item leaves for later copies to find it by (its rarest). */
export const STORY_WORDS = 16;

/** An item as the store keeps it for grouping: a new item, with its story. */
export type StoryRow = NewItem & { story: string };

/** The columns a store reads an item by, in both engines' SQL (`i` the items). */
export const STORY_COLUMNS = `i.id, i.feed, i.key, i.link, i.at, i.title, i.description,
  coalesce(i.story, i.id) AS story`;

/** An item found by word (StoryStore.candidates), with the asks' askers that found it. */
export type FoundRow = StoryRow & { askers: number[] };

export type { WordAsk };

/** A row of STORY_COLUMNS, its ids (64-bit integers in the engines) as text. */
export function storyRowOf(
  row: Omit<StoryRow, "id" | "story"> & { id: number | string; story: number | string },
): StoryRow {
  // The row is the engine's, made for this read: given its ids as text, not copied.
  row.id = String(row.id);
  row.story = String(row.story);
  return row as StoryRow;
}

export interface StoryStore {
  /** How many items use each word, and how many items there are. */
  uses(words: readonly string[]): Promise<{ uses: Map<string, number>; items: number }>;
  /**
   * Items that left `least` of one asker's words at least, each within that asker's range (an
   * index range of story_words an ask), with the askers that found them; newest first, at
   * most `limit`. Counted by asker: a row that holds one word of each of two items is found
   * by neither, and is not read. An ask whose word more than `most` items left within its
   * range is crowded, and not asked: an asker's `least` is then at most its asks left.
   */
  candidates(asks: readonly WordAsk[], limit: number, most: number): Promise<FoundRow[]>;
  /** Every item of the stories. */
  members(stories: readonly string[]): Promise<StoryRow[]>;
  /** Puts items in stories: [item id, story] pairs. */
  setStories(pairs: readonly (readonly [string, string])[]): Promise<void>;
  /**
   * Records the words items leave. `again`: the items may have left them before (an undone
   * split groups its items again), and a word already there is not left twice; new items
   * never have, and are not looked for.
   */
  leave(
    rows: readonly { id: string; at: number; words: readonly string[] }[],
    again: boolean,
  ): Promise<void>;
  /** Which of the links an editor split out of their stories. */
  splits(links: readonly string[]): Promise<Set<string>>;
  /** The feeds whose items' stories changed, at `at` (story_changes, watched by instances). */
  touched(feeds: readonly string[], at: number): Promise<void>;
  /** Items not grouped yet (recorded before stories), oldest first, after the id `after`. */
  ungrouped(after: string, limit: number): Promise<NewItem[]>;
  /** The backfill's cursor: the last item it grouped ("0": none yet; null: it is done). */
  cursor(): Promise<string | null>;
  setCursor(id: string | null): Promise<void>;
  /** Removes the words items left before `before`. */
  forget(before: number): Promise<void>;
}

export interface NewItem {
  id: string;
  feed: string;
  key: string;
  link: string;
  at: number;
  title: string;
  description: string;
}

/** Candidates read for a whole step at most (the most recent first). */
const STEP_CANDIDATES = 20_000;

/** The older of two ids (ids grow as items are recorded). */
const older = (a: string, b: string) => (BigInt(a) < BigInt(b) ? a : b);

/**
 * Assigns each new item (in the order given: oldest first) to a story; returns item → story.
 * A step's items are decided together, in five statements whatever their number: the words'
 * uses, the candidates of all of them, the splits, the candidates' stories' items, and the
 * answers written at the end. Items of the same step are each other's candidates, in order.
 */
export async function assignStories(
  store: StoryStore,
  items: readonly NewItem[],
  windowMs: number,
  thresholds: Thresholds = THRESHOLDS,
  again = false,
): Promise<Map<string, string>> {
  const assigned = new Map<string, string>();
  if (items.length === 0) return assigned;
  // Through the memo: these items are the next steps' candidates.
  const prepared = items.map((item) => ({ item, terms: termsOfItem(item) }));
  const { uses, items: total } = await store.uses([
    ...new Set(prepared.flatMap(({ terms }) => [...terms.words.values()])),
  ]);
  const rarity = rarityIn(uses, total);
  const words = prepared.map(({ terms }) => wordsToKeep(terms, uses, rarity));
  const asks = asksOf(items, words, windowMs);
  const mine = new Set(items.map((item) => item.id));
  const found = asks.length ? await store.candidates(asks, STEP_CANDIDATES, ASK_MOST) : [];
  const { read, lists } = byAsker(found, mine, items.length);
  // The step's own items, each a candidate for those after it once decided.
  const own = new CandidatePool(new Set(words.flatMap((kept) => kept.lookup)));
  const alikeOf = (n: number, rows: readonly Candidate[]) => {
    const { item, terms } = prepared[n]!;
    return rows.filter(
      (row) =>
        row.feed !== item.feed &&
        Math.abs(row.at - item.at) <= windowMs &&
        (row.link === item.link ||
          row.key === item.key ||
          alikeItems(terms, row.terms, rarity, thresholds)),
    );
  };
  const { split, matches } = await withoutSplits(
    store,
    items,
    lists.map((rows, n) => alikeOf(n, rows)),
  );
  // The stories any item may join: their items, for their cores.
  const wanted = [...new Set(matches.flat().map((row) => row.story))];
  const stories = new StepStories(wanted.length ? await store.members(wanted) : [], [
    read,
    own.all,
  ]);
  for (const [n, { item, terms }] of prepared.entries()) {
    let story = item.id;
    if (!split.has(item.link)) {
      // Those found for it, and the step's earlier items, by now in their stories.
      const candidates = [...matches[n]!, ...alikeOf(n, own.holding(words[n]!.lookup))];
      const choice = chooseStory({ ...item, terms }, candidates, (id) => stories.core(id), {
        windowMs,
        rarity,
        thresholds,
      });
      if (choice.story) {
        // A story's id is its first item's, the oldest of the stories joined or this item when
        // it is older (an undone split): the page of a story keeps its address.
        const joining = [choice.story, ...choice.absorbed];
        story = [...joining, item.id].reduce(older);
        for (const other of joining) if (other !== story) stories.relabel(other, story);
      }
    }
    const candidate: Candidate = { ...item, terms, story };
    stories.add(candidate);
    if (!split.has(item.link)) own.add(candidate);
    assigned.set(item.id, story);
  }
  await store.setStories([...stories.moved]);
  await store.leave(
    items.map((item, n) => ({ id: item.id, at: item.at, words: words[n]!.rarest })),
    again,
  );
  const touched = stories.feedsOfShared();
  if (touched.length > 0) await store.touched(touched, Date.now());
  return assigned;
}

/**
 * Each item's candidates less what an editor split out: such an item stays alone (it joins
 * nothing, and nothing joins it). Asked of the step's items and the candidates found alike one
 * of them, not of every row read (thousands a step).
 */
async function withoutSplits(
  store: StoryStore,
  items: readonly NewItem[],
  found: readonly Candidate[][],
): Promise<{ split: Set<string>; matches: Candidate[][] }> {
  const split = await store.splits([
    ...new Set([...items.map((item) => item.link), ...found.flat().map((row) => row.link)]),
  ]);
  const matches = found.map((rows, n) =>
    split.has(items[n]!.link) ? [] : rows.filter((row) => !split.has(row.link)),
  );
  return { split, matches };
}

/**
 * The words an item leaves for later copies (its rarest) and those it looks up (the
 * distinctive ones some item holds: a common word finds everything and decides nothing).
 */
function wordsToKeep(terms: Terms, uses: Map<string, number>, rarity: Rarity) {
  const byRarity = [...new Set(terms.words.values())].sort(
    (a, b) => rarity(b) - rarity(a) || (a < b ? -1 : 1),
  );
  return {
    rarest: byRarity.filter((word) => rarity(word) >= DISTINCTIVE - 1).slice(0, STORY_WORDS),
    lookup: byRarity
      .filter((word) => (uses.get(word) ?? 0) > 0 && rarity(word) >= DISTINCTIVE)
      .slice(0, STORY_WORDS),
  };
}

/** The stories a step touches: their cores and items, and what moved between them. */
class StepStories {
  private readonly cores = new Map<string, StoryCore>();
  private readonly members = new Map<string, { id: string; feed: string }[]>();
  /** item → story, for the step's items and the items of stories joined together. */
  readonly moved = new Map<string, string>();

  private readonly pools: readonly (readonly Candidate[])[];

  constructor(rows: readonly StoryRow[], pools: readonly (readonly Candidate[])[]) {
    this.pools = pools;
    for (const row of rows) this.put(row.story, { ...row, terms: termsOfItem(row) });
  }

  core(story: string): StoryCore | undefined {
    return this.cores.get(story);
  }

  private put(story: string, item: Candidate): void {
    this.cores.set(story, withItem(this.cores.get(story), story, item));
    this.members.set(story, [...(this.members.get(story) ?? []), { id: item.id, feed: item.feed }]);
  }

  /** The feeds of every item of the stories of more than one item that the step changed. */
  feedsOfShared(): string[] {
    const feeds = new Set<string>();
    for (const story of new Set(this.moved.values())) {
      const members = this.members.get(story) ?? [];
      if (members.length > 1) for (const { feed } of members) feeds.add(feed);
    }
    return [...feeds].sort();
  }

  add(item: Candidate): void {
    this.put(item.story, item);
    this.moved.set(item.id, item.story);
  }

  /** Story `from` joins story `to`. */
  relabel(from: string, to: string): void {
    for (const pool of this.pools) for (const row of pool) if (row.story === from) row.story = to;
    for (const { id } of this.members.get(from) ?? []) this.moved.set(id, to);
    this.members.set(to, [...(this.members.get(to) ?? []), ...(this.members.get(from) ?? [])]);
    // Under its new id (joined keeps the first core's: `to` may have none yet, a new item
    // older than the story it joins).
    this.cores.set(to, { ...joined(this.cores.get(to), this.cores.get(from)!), story: to });
    this.cores.delete(from);
    this.members.delete(from);
  }
}
