import type { EngineQuery, QueryAtom } from "./types";

/**
 * A reader's search text, read as readers of news sites type it: words (all required),
 * "quoted phrases", -word or -"a phrase" to exclude, OR between two alternatives. Nothing else
 * is syntax: every other character is text, and text is folded (case, accents, compatibility
 * forms) to runs of letters and digits, the only thing that reaches an engine. Whatever the
 * input (quotes left open, `*`, `:`, `^`, NEAR, parentheses, SQL, control characters, 10 kB,
 * emoji), the answer is a query or an empty one, never an error.
 */

/** The longest query read; the search inputs carry the same maxLength. */
export const MAX_QUERY_LENGTH = 200;
/** More terms than a reader types; what is past them is ignored. */
const MAX_TERMS = 12;
/** A word longer than this is no word a search would find. */
const MAX_WORD_LENGTH = 40;

export interface ParsedQuery {
  /** The engines' query; `all` is empty when nothing searchable is left. */
  engine: EngineQuery;
  /** The words a result is marked with (each of `all`'s words, folded). */
  marks: string[];
  /** The number of required terms (groups), for "try fewer words". */
  terms: number;
}

/** Text as the archive compares it: lower case, accents removed, compatibility forms joined. */
export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** The folded words of a text: runs of letters and digits. */
export function wordsOf(text: string): string[] {
  return (foldText(text).match(/[\p{L}\p{N}]+/gu) ?? []).filter(
    (word) => word.length <= MAX_WORD_LENGTH,
  );
}

/**
 * The query from `?q=`: the first value when repeated, control characters as spaces, trimmed,
 * capped at MAX_QUERY_LENGTH characters (never splitting a character made of two UTF-16 units).
 */
export function readQuery(value: string | string[] | undefined): string {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== "string") return "";
  const plain = first.replace(/\p{Cc}/gu, " ").trim();
  return Array.from(plain).slice(0, MAX_QUERY_LENGTH).join("").trim();
}

interface Token {
  negated: boolean;
  /** A phrase's atom; an unquoted run has `atoms`. */
  atom: QueryAtom | null;
  atoms?: QueryAtom[];
  or: boolean;
}

/** One token at `at`: a quoted phrase (closed or not), or a run up to the next space or quote. */
function nextToken(text: string, start: number): { token: Token; end: number } {
  let at = start;
  const negated = text[at] === "-" && at + 1 < text.length && !/\s/u.test(text[at + 1]!);
  if (negated) at++;
  if (text[at] === '"') {
    const close = text.indexOf('"', at + 1);
    const end = close === -1 ? text.length : close + 1;
    const words = wordsOf(text.slice(at + 1, close === -1 ? text.length : close));
    const atom = words.length > 1 ? { phrase: words } : words[0] ? { word: words[0] } : null;
    return { token: { negated, atom, or: false }, end };
  }
  let end = at;
  while (end < text.length && !/[\s"]/u.test(text[end]!)) end++;
  const raw = text.slice(at, end);
  if (!negated && raw === "OR") return { token: { negated, atom: null, or: true }, end };
  return { token: { negated, atom: null, or: false, atoms: atomsOf(raw) }, end };
}

/**
 * The atoms of one unquoted run: "e-mail", "o'brien", "covid-19" (words joined by a hyphen,
 * apostrophe or point) are their words in a row; anything else ("(council", "title:vote")
 * separates words.
 */
function atomsOf(raw: string): QueryAtom[] {
  return raw.split(/[^\p{L}\p{N}\p{M}'’.\-]+/u).flatMap((part): QueryAtom[] => {
    const words = wordsOf(part);
    return words.length > 1 ? [{ phrase: words }] : words[0] ? [{ word: words[0] }] : [];
  });
}

function tokens(text: string): Token[] {
  const list: Token[] = [];
  let at = 0;
  while (at < text.length) {
    if (/\s/u.test(text[at]!)) {
      at++;
      continue;
    }
    const { token, end } = nextToken(text, at);
    list.push(token);
    at = end;
  }
  return list;
}

const atomWords = (atom: QueryAtom) => ("word" in atom ? [atom.word] : atom.phrase);

/** Reads the reader's text (readQuery's) into the engines' query. */
export function parseQuery(text: string): ParsedQuery {
  const all: QueryAtom[][] = [];
  const none: QueryAtom[] = [];
  let joinNext = false;
  for (const token of tokens(text)) {
    if (token.or) {
      joinNext = all.length > 0;
      continue;
    }
    const atoms = token.atom ? [token.atom] : (token.atoms ?? []);
    // -a-b excludes the phrase; -(a b) excludes each.
    if (token.negated) none.push(...atoms);
    else
      for (const atom of atoms) {
        if (joinNext) all.at(-1)!.push(atom);
        else all.push([atom]);
        joinNext = false;
      }
  }
  const kept = all.slice(0, MAX_TERMS);
  const marks = [...new Set(kept.flat().flatMap(atomWords))];
  return {
    engine: { all: kept, none: none.slice(0, MAX_TERMS) },
    marks,
    terms: kept.length,
  };
}

/** A crude English stem, for marking: "councils", "council's" and "council" mark alike. */
function markStem(word: string): string {
  return word.length > 4 ? word.replace(/(?:ing|ed|es|s|ly|'s)$/u, "") : word;
}

export interface MarkedSegment {
  text: string;
  mark: boolean;
}

/** `text` cut into runs, the words that answer the query marked (by word, as stemmed crudely). */
export function markWords(text: string, marks: readonly string[]): MarkedSegment[] {
  if (marks.length === 0) return [{ text, mark: false }];
  const stems = new Set(marks.map(markStem));
  const segments: MarkedSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const word = foldText(match[0]);
    if (!stems.has(markStem(word)) && !marks.includes(word)) continue;
    if (match.index > last) segments.push({ text: text.slice(last, match.index), mark: false });
    segments.push({ text: match[0], mark: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), mark: false });
  return segments;
}

/** Damerau-free Levenshtein distance, stopping once past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      best = Math.min(best, row[j]!);
    }
    if (best > max) return max + 1;
    previous = row;
  }
  return previous[b.length]!;
}
