import { stemmer } from "stemmer";
import { eng } from "stopword";
import { wordsOf } from "../query.ts";

/**
 * Whether two items report the same news: what they say, weighed by how rare each word is.
 *
 * An item's terms are the words of its title and description, folded as search folds them
 * (query.ts), less English stop words (the `stopword` package's list), each stemmed (Porter's,
 * the `stemmer` package): "Councils approved" and "council approves" share two terms. A term
 * weighs its inverse document frequency, from the archive's own counts of items using each
 * word (its `words` table), so "Riverbend" in a network of other towns weighs much, "police"
 * little. A title's terms count twice: titles say what the news is.
 *
 * Two items are alike when the cosine of their weighted terms passes a threshold, and what they
 * share is distinctive (enough weight in shared rare terms): a plain title ("Police Log",
 * "Weather") shares only common words, and its descriptions differ, so it stays apart. The
 * thresholds are measured on the labelled set beside this file (`npm run bench:stories`).
 */

const STOP = new Set<string>(eng);
/** Capitalised, but no name: days and months say when, not who or where. */
const CALENDAR = new Set(
  "monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december".split(
    " ",
  ),
);

/** The weight of a word: ln((items + 1) / (uses + 1)), from the archive's counts. */
export type Rarity = (word: string) => number;

export interface StoryText {
  title: string;
  description: string;
}

/** Stemmed terms of an item, with how often each appears and the word it came from. */
export interface Terms {
  /** stem → (count in the title × 2 + count in the description). */
  counts: Map<string, number>;
  /** stem → a word of the text it was made from (rarity is asked by word). */
  words: Map<string, string>;
  /** The title's stems. */
  title: Set<string>;
  /** Names, places and numbers: words written capitalised within a sentence, and numbers. */
  names: Set<string>;
  /**
   * Every word written capitalised, a sentence's first too (in sentence-case text): a name the
   * other item writes within a sentence ("Reyes-Whitfield said") is the same name when this
   * one opens a sentence with it ("Reyes-Whitfield, who oversaw…").
   */
  capitals: Set<string>;
  /** The description's own counts (a plain title says nothing: its description must). */
  description: Map<string, number>;
}

/** Stems already made: a flush's words are mostly words seen before. */
const stems = new Map<string, string>();
function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    if (stems.size >= 200_000) stems.clear();
    stems.set(word, (stem = /^\d+$/.test(word) ? word : stemmer(word)));
  }
  return stem;
}

function add(terms: Terms, text: string, weight: number, title: boolean): void {
  for (const word of wordsOf(text)) {
    if (STOP.has(word) || word.length < 2) continue;
    const stem = stemOf(word);
    terms.counts.set(stem, (terms.counts.get(stem) ?? 0) + weight);
    if (!terms.words.has(stem)) terms.words.set(stem, word);
    if (title) terms.title.add(stem);
    else terms.description.set(stem, (terms.description.get(stem) ?? 0) + 1);
  }
}

/**
 * Names: a capitalised word that does not start a sentence, where the text is in sentence
 * case (a Title Case headline capitalises every word, and says nothing so), and numbers.
 */
function addNames(names: Set<string>, capitals: Set<string>, text: string): void {
  const raw = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu) ?? [];
  const lower = raw.filter((word) => /^\p{Ll}/u.test(word) && !STOP.has(word)).length;
  const titleCase = lower === 0;
  let sentenceStart = true;
  for (const token of text.split(/\s+/)) {
    const word = token.replace(/^[^\p{L}\p{N}$]+|[^\p{L}\p{N}]+$/gu, "");
    if (word) {
      const folded = wordsOf(word);
      if (/\d/.test(word)) for (const part of folded) if (/\d/.test(part)) names.add(part);
      if (!titleCase && /^\p{Lu}/u.test(word))
        for (const part of folded)
          if (!STOP.has(part) && !CALENDAR.has(part)) {
            capitals.add(stemOf(part));
            if (!sentenceStart) names.add(stemOf(part));
          }
    }
    sentenceStart = /[.!?:;]["'’”)]*$/.test(token) || !word;
  }
}

export function termsOf(item: StoryText): Terms {
  const terms: Terms = {
    counts: new Map(),
    words: new Map(),
    title: new Set(),
    names: new Set(),
    capitals: new Set(),
    description: new Map(),
  };
  add(terms, item.title, 2, true);
  add(terms, item.description, 1, false);
  addNames(terms.names, terms.capitals, item.title);
  addNames(terms.names, terms.capitals, item.description);
  return terms;
}

export interface Likeness {
  /** The cosine of the two items' weighted terms, 0 to 1. */
  cosine: number;
  /** The weight of the rare terms both hold (each term's rarity, once). */
  shared: number;
  /** The cosine of their titles alone. */
  titles: number;
  /** The cosine of their descriptions alone. */
  descriptions: number;
  /** Names and numbers both hold: a name of one written capitalised (anywhere) by the other. */
  names: number;
  /** Whether either title is plain: three terms or fewer ("Police Log", "Weather"). */
  plain: boolean;
}

function cosine(
  a: Map<string, number>,
  b: Map<string, number>,
  weigh: (stem: string) => number,
  keep: (stem: string) => boolean = () => true,
): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [stem, count] of a) {
    if (!keep(stem)) continue;
    const w = count * weigh(stem);
    na += w * w;
    const other = b.get(stem);
    if (other !== undefined) dot += w * other * weigh(stem);
  }
  for (const [stem, count] of b) {
    if (!keep(stem)) continue;
    const w = count * weigh(stem);
    nb += w * w;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** Rarity at or above which a shared term counts as distinctive. */
export const DISTINCTIVE = 4;

/**
 * A young archive cannot tell a rare word: under about 220 items no word three items hold
 * reaches DISTINCTIVE (a network's first hours, a demo). Its rarities are scaled so that a
 * word no more items hold than a story's first three copies counts as distinctive, and one a
 * fourth item holds (a team's name, a town's) does not; a cosine does not change with the
 * scale. Under 80 items nothing is scaled further: too few to tell anything.
 */
function rarityScale(total: number): number {
  const three = Math.log((total + 1) / 4); // the rarity of a word three items hold
  return three >= DISTINCTIVE ? 1 : (DISTINCTIVE / Math.max(3, three)) * (1 + 1e-9);
}

/**
 * A word's rarity in an archive of `total` items, `uses` of which hold it (scaled young),
 * worked out once a word: a step compares each item with thousands of candidates.
 */
export function rarityIn(uses: ReadonlyMap<string, number>, total: number): Rarity {
  const scale = rarityScale(total);
  const known = new Map<string, number>();
  return (word) => {
    let value = known.get(word);
    if (value === undefined) {
      value = scale * Math.log((total + 1) / ((uses.get(word) ?? 0) + 1));
      known.set(word, value);
    }
    return value;
  };
}

/**
 * The weight of the distinctive terms two items both hold (Likeness.shared), alone: most
 * candidates, found by one shared word, fall short of THRESHOLDS.shared here, and the cosines
 * need not be worked out.
 */
export function sharedWeight(a: Terms, b: Terms, rarity: Rarity): number {
  let shared = 0;
  for (const stem of a.counts.keys())
    if (b.counts.has(stem)) {
      const weight = rarity(a.words.get(stem) ?? b.words.get(stem) ?? stem);
      if (weight >= DISTINCTIVE) shared += weight;
    }
  return shared;
}

export function likeness(a: Terms, b: Terms, rarity: Rarity): Likeness {
  const weigh = (stem: string) => rarity(a.words.get(stem) ?? b.words.get(stem) ?? stem);
  const shared = sharedWeight(a, b, rarity);
  const titleCounts = (terms: Terms) => new Map([...terms.title].map((stem) => [stem, 1] as const));
  const named = new Set<string>();
  for (const name of a.names) if (b.names.has(name) || b.capitals.has(name)) named.add(name);
  for (const name of b.names) if (a.capitals.has(name)) named.add(name);
  const names = named.size;
  return {
    cosine: cosine(a.counts, b.counts, weigh),
    shared,
    titles: cosine(titleCounts(a), titleCounts(b), weigh),
    descriptions: cosine(a.description, b.description, weigh),
    names,
    plain: a.title.size <= 3 || b.title.size <= 3,
  };
}

/** The thresholds two items must pass to be one story (measured: bench:stories). */
export interface Thresholds {
  cosine: number;
  /** Distinctive weight shared: about two rare words. */
  shared: number;
  /** Past this cosine, no shared name is needed (a wire copy reworded). */
  copy: number;
}

export const THRESHOLDS: Thresholds = { cosine: 0.3, shared: 12, copy: 0.6 };

export function alike(likeness: Likeness, thresholds: Thresholds = THRESHOLDS): boolean {
  if (likeness.cosine < thresholds.cosine || likeness.shared < thresholds.shared) return false;
  // A plain title says nothing: the descriptions must be alike on their own.
  if (likeness.plain && likeness.descriptions < thresholds.copy) return false;
  return likeness.cosine >= thresholds.copy || likeness.names >= 1;
}

/** Whether two items are alike (`alike`), the cheap part asked first (`sharedWeight`). */
export function alikeItems(
  a: Terms,
  b: Terms,
  rarity: Rarity,
  thresholds: Thresholds = THRESHOLDS,
): boolean {
  return (
    sharedWeight(a, b, rarity) >= thresholds.shared && alike(likeness(a, b, rarity), thresholds)
  );
}
