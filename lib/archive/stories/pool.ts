import type { Candidate } from "./group.ts";
import { termsOf, type Terms } from "./similarity.ts";

/** A row as the store reads it: a candidate before its terms. */
type Row = Omit<Candidate, "terms"> & { title: string; description: string };

/**
 * A step's candidates (assign.ts), found by word, and their terms, kept between steps: the
 * writer's thread groups step after step, and a window's items are read again by each.
 */

/**
 * What a step asks of story_words: one of an item's words within its window. `asker` is the
 * item's place in the step, `least` how many of its words a candidate must have left.
 */
export interface WordAsk {
  word: string;
  from: number;
  to: number;
  asker: number;
  least: number;
}

/**
 * Items of an ask's range holding its word past which the word is not asked (StoryStore.
 * candidates). A distinctive word (rarity DISTINCTIVE) is held by one item in 55 at most: at a
 * million headlines a year, about 300 of a window's 16,000, so every distinctive word is asked.
 * At ten million, the same share is 3,000 of a window's items, each read and counted for each
 * asker: the word is no longer rare in its days, and a step asking it cost ten times what it
 * did. Past this, an item is found by its rarer words (at ten million, two words rare enough to
 * be asked weigh THRESHOLDS.shared between them), and an ask reads 601 rows at most (its check,
 * then its hits), whatever the network's rate (docs/benchmarks.md, bench:stories --per-year).
 */
export const ASK_MOST = 300;

/**
 * What a step asks of story_words: each item's words within its own window (a step's items may
 * span weeks: a feed's first read), each one range of the index. A candidate holds two of an
 * item's words (one when the item looks up one): a copy shares several, and one shared name
 * alone never reaches THRESHOLDS.shared.
 */
export function asksOf(
  items: readonly { at: number }[],
  words: readonly { lookup: readonly string[] }[],
  windowMs: number,
): WordAsk[] {
  return items.flatMap((item, asker) => {
    const { lookup } = words[asker]!;
    const least = Math.min(2, lookup.length);
    return lookup.map((word) => ({
      word,
      from: item.at - windowMs,
      to: item.at + windowMs,
      asker,
      least,
    }));
  });
}

/**
 * The rows a step's asks found (the step's own items left out), each read once, and each
 * asker's list of them: one object a row, so a story relabelled is relabelled in every list.
 */
export function byAsker(
  found: readonly (Row & { askers: number[] })[],
  mine: ReadonlySet<string>,
  askers: number,
): { read: Candidate[]; lists: Candidate[][] } {
  const read: Candidate[] = [];
  const lists: Candidate[][] = Array.from({ length: askers }, () => []);
  for (const row of found) {
    if (mine.has(row.id)) continue;
    const { askers: by, ...rest } = row;
    const candidate: Candidate = { ...rest, terms: termsOfItem(row) };
    read.push(candidate);
    for (const asker of by) lists[asker]?.push(candidate);
  }
  return { read, lists };
}

/**
 * The step's own items as candidates, by word (each a candidate for those after it, once
 * decided): each item reads only those that hold its words. Only the words the step's items
 * look up are indexed (`lookedUp`), not every word of every candidate.
 */
export class CandidatePool {
  readonly all: Candidate[] = [];
  private readonly byWord = new Map<string, Candidate[]>();
  private readonly lookedUp: ReadonlySet<string>;

  constructor(lookedUp: ReadonlySet<string>) {
    this.lookedUp = lookedUp;
  }

  add(candidate: Candidate): void {
    this.all.push(candidate);
    // One word a stem, each stem its own word: no word twice.
    for (const word of candidate.terms.words.values()) {
      if (!this.lookedUp.has(word)) continue;
      const list = this.byWord.get(word);
      if (list) list.push(candidate);
      else this.byWord.set(word, [candidate]);
    }
  }

  /**
   * Those holding two of `words` at least (an item's distinctive words: a copy shares several,
   * and one shared name alone never reaches THRESHOLDS.shared), or all of them when fewer.
   */
  holding(words: readonly string[]): Candidate[] {
    const times = new Map<Candidate, number>();
    for (const word of words)
      for (const row of this.byWord.get(word) ?? []) times.set(row, (times.get(row) ?? 0) + 1);
    const least = Math.min(2, words.length);
    return [...times].filter(([, n]) => n >= least).map(([row]) => row);
  }
}

/** Candidates' terms, kept by id while their text is the same: a window's items are read again
 * by every step, and working out their terms cost more than the rest of the grouping. */
const known = new Map<string, { title: string; description: string; terms: Terms }>();
const KNOWN_MOST = 200_000;

export function termsOfItem(row: { id: string; title: string; description: string }): Terms {
  const kept = known.get(row.id);
  if (kept && kept.title === row.title && kept.description === row.description) return kept.terms;
  if (known.size >= KNOWN_MOST) known.clear();
  const terms = termsOf(row);
  known.set(row.id, { title: row.title, description: row.description, terms });
  return terms;
}
