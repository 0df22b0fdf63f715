import type { Candidate } from "./group.ts";
import { termsOf, type Terms } from "./similarity.ts";

/** A row as the store reads it: a candidate before its terms. */
type Row = Omit<Candidate, "terms"> & { title: string; description: string };

/**
 * A step's candidates (assign.ts), found by word, and their terms, kept between steps: the
 * writer's thread groups step after step, and a window's items are read again by each.
 */

/**
 * A step's candidates, by word: each item reads only those that hold its words. Only the
 * words the step's items look up are indexed (`lookedUp`), not every word of every candidate.
 */
export class CandidatePool {
  readonly all: Candidate[] = [];
  private readonly byWord = new Map<string, Candidate[]>();
  private readonly lookedUp: ReadonlySet<string>;

  constructor(rows: readonly Row[], lookedUp: ReadonlySet<string>) {
    this.lookedUp = lookedUp;
    for (const row of rows) this.add({ ...row, terms: termsOfItem(row) });
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
