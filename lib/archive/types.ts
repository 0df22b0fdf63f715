/**
 * The archive's one interface (lib/archive/engine.ts chooses the engine): what is recorded,
 * what is asked, what comes back. Both engines, SQLite (sqlite-engine.ts) and PostgreSQL
 * (postgres-engine.ts), implement ArchiveEngine, and one contract suite
 * (engine.contract.test.ts) runs against each.
 *
 * Moments are milliseconds since the epoch (UTC); days are the publication's, worked out by the
 * caller (lib/archive/days.ts) and handed to an engine as ranges of moments.
 */

/** One item of a feed (or one blog post) as recorded. Text is plain, as the feed store holds it. */
export interface ArchiveItemInput {
  /** The feed's key for the item: its guid, else its link. */
  key: string;
  title: string;
  description: string;
  /** Searched, never shown: a post's keywords and body; "" for a headline; null: keep the
   * recorded one (a blog list names its posts without their bodies). */
  body: string | null;
  link: string;
  imageUrl: string;
  /** The feed's own publication date, ms; null when it gave none usable. */
  publishedAt: number | null;
}

/** One read of one feed: its items, seen at `seenAt`. */
export interface RecordBatch {
  feed: string;
  items: readonly ArchiveItemInput[];
  seenAt: number;
}

/** What one record() did: items first seen, items the feed edited, items already known. */
export interface RecordOutcome {
  inserted: number;
  updated: number;
  unchanged: number;
}

/** A publication carries a feed in a section (its menu position `rank`): the archive's history. */
export interface CarriageRow {
  publication: string;
  section: string;
  feed: string;
  rank: number;
}

/** A headline as the archive shows it, in one publication. */
export interface ArchivedHeadline {
  /** The engine's id, as text (a 64-bit number). */
  id: string;
  feed: string;
  title: string;
  description: string;
  link: string;
  imageUrl: string;
  /** The item's moment: the feed's date, never later than when it was first seen. */
  at: number;
  /** The section that carried it in this publication (the first in the site's order). */
  section: string;
  /** Its story: the id of the story's first item (lib/archive/stories); its own id alone. */
  story: string;
}

export type SearchOrder = "relevance" | "newest";

/**
 * The engines' own query: every word of `all` required (each a word, or an OR-group of words
 * and phrases), none of `none`. Words are folded (lib/archive/query.ts) to letters and digits.
 */
export type QueryAtom = { word: string } | { phrase: string[] };
export interface EngineQuery {
  /** AND of groups; a group is an OR of atoms (one atom, most of the time). */
  all: QueryAtom[][];
  none: QueryAtom[];
}

export interface EngineSearch {
  publication: string;
  query: EngineQuery;
  section: string | null;
  /** [from, to): moments. */
  from: number | null;
  to: number | null;
  order: SearchOrder;
  offset: number;
  limit: number;
  /** Counting stops here: past it the total is "more than". */
  countLimit: number;
  /** The moment relevance weighs recency against (now). */
  now: number;
}

export interface EngineSearchPage {
  hits: ArchivedHeadline[];
  /** min(matches, countLimit + 1); estimated when counting them all would cost. */
  total: number;
  estimated?: boolean;
}

/** A card's story: its page (`/story/{id}`) and its distinct sources in the publication. */
export interface StoryLink {
  id: string;
  sources: number;
}

/** A link of a story the publication shows more than one item of. */
export interface StoryMark {
  link: string;
  /** The story's id (its first item's). */
  story: string;
  /** The feed of the link's item (the first, if several feeds carried the link). */
  feed: string;
  /** The story's distinct sources in the publication: its items' links' hosts, less "www.". */
  sources: number;
}

/** An editor's split of a link out of its story. */
export interface StorySplit {
  /** The publication whose editors ask (they may split what it carried), or "*": operators. */
  publication: string;
  link: string;
  by: string;
  at: number;
}

/** A withdrawal in force: `publication` is a key, or "*" for every publication. */
export interface Withdrawal {
  publication: string;
  link: string;
  by: string;
  at: number;
}

export interface ArchiveEngine {
  readonly kind: "sqlite" | "postgresql";
  /** Brings the schema to this version; safe when several processes start at once. */
  migrate(): Promise<void>;
  /**
   * Records reads of feeds, together (one transaction: an engine's index takes many items at
   * once far faster than a few at a time): new items added, edited ones updated.
   */
  record(batches: readonly RecordBatch[]): Promise<RecordOutcome>;
  /**
   * The network's carriage now: rows not in force are opened (since `at`), rows in force that
   * are not in `rows` are closed (until `at`). History is never rewritten.
   */
  syncCarriage(rows: readonly CarriageRow[], at: number): Promise<void>;
  search(request: EngineSearch): Promise<EngineSearchPage>;
  /** The publication's headlines in [from, to), oldest first, at most `limit`. */
  between(
    publication: string,
    from: number,
    to: number,
    limit: number,
  ): Promise<ArchivedHeadline[]>;
  /** A story's items the publication carried and shows, newest first; [] for none. */
  story(publication: string, story: string): Promise<ArchivedHeadline[]>;
  /**
   * The stories of `links` that the publication shows more than one item of: for each such
   * link, its story, its feed and the story's sources there (lib/archive/stories/marks.ts).
   */
  storiesOf(publication: string, links: readonly string[]): Promise<StoryMark[]>;
  /** The feeds whose items' stories changed at or after `since` (story_changes). */
  storyChanges(since: number): Promise<{ feed: string; at: number }[]>;
  /**
   * An editor takes a link's items out of their stories for good (`undo`: lets them be grouped
   * again; lib/archive/stories/split.ts); true when that changed anything; null when the
   * publication (any, for "*") carried no item of the link.
   */
  splitStory(split: StorySplit, undo: boolean): Promise<boolean | null>;
  /** How many headlines the publication carried in each [from, to) range. */
  countIn(publication: string, ranges: readonly (readonly [number, number])[]): Promise<number[]>;
  /** The publication's latest moment before `moment`, or earliest at or after it; null: none. */
  nearest(
    publication: string,
    moment: number,
    direction: "before" | "after",
  ): Promise<number | null>;
  /** The publication's first and last moments; null when it has none. */
  span(publication: string): Promise<{ first: number; last: number } | null>;
  /** Words of the archive close to `word` (for "did you mean"), most used first. */
  wordsLike(word: string, limit: number): Promise<{ word: string; uses: number }[]>;
  /** Withdraws a link (true when it was not withdrawn already). */
  withdraw(withdrawal: Withdrawal): Promise<boolean>;
  /** Undoes a withdrawal (true when there was one). */
  restore(publication: string, link: string): Promise<boolean>;
  /**
   * Every withdrawal in force, and when the set last changed (0: never). changedAt moves on
   * every change, past its last value whatever the clock of the instance making it.
   */
  withdrawals(): Promise<{ list: Withdrawal[]; changedAt: number }>;
  /**
   * One step of the stories' backfill (lib/archive/stories/assign.ts backfillStep): groups up
   * to `limit` items recorded before stories; how many (0: all are grouped).
   */
  groupStories(limit: number): Promise<number>;
  /** Removes headlines whose moment is before `before`; how many. */
  prune(before: number): Promise<number>;
  close(): Promise<void>;
}

/** The archive could not answer (its database is away, or slower than a reader may wait). */
export class ArchiveUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveUnavailableError";
  }
}
