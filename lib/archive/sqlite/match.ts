import type { SQLInputValue, StatementSync } from "node:sqlite";
import { budgetedCount, COUNT_BUDGET_MS, type BudgetedCount } from "../budgeted-count.ts";
import { firstIdAt } from "../item-id.ts";
import { wordsOf } from "../query.ts";
import { pairText, type Stemmer } from "./pairs.ts";
import type { EngineQuery, EngineSearch, QueryAtom } from "../types";

/**
 * The FTS5 MATCH text of an engine query. Every word and phrase is a quoted FTS5 string, and
 * the words hold letters and digits only (lib/archive/query.ts), so nothing of the reader's
 * text is FTS5 syntax: only the AND, OR and NOT written here are. Null when nothing is
 * required (FTS5 cannot answer "everything but").
 */
const atomWords = (atom: QueryAtom) => ("word" in atom ? [atom.word] : atom.phrase);
const quoted = (words: readonly string[]) => `"${words.join(" ").replaceAll('"', '""')}"`;

/**
 * `feeds`: the tokens of the feeds searched (sqlite-schema.ts); none, no match at all.
 * `columns` "title" or "description": the items whose own column holds every required word
 * (exclusions are the whole match's business), for relevance's weights. `text`: an atom's
 * FTS5 string (its words; pairsMatch: its words' pairs).
 */
export function ftsMatch(
  query: EngineQuery,
  feeds: readonly string[],
  columns: "text" | "title" | "description" = "text",
  text: (atom: QueryAtom) => string = (atom) => quoted(atomWords(atom)),
): string | null {
  if (query.all.length === 0 || feeds.length === 0) return null;
  const group = (atoms: readonly QueryAtom[]) =>
    atoms.length === 1 ? text(atoms[0]!) : `(${atoms.map(text).join(" OR ")})`;
  let words = `(${query.all.map(group).join(" AND ")})`;
  if (query.none.length > 0 && columns === "text") words = `(${words} NOT ${group(query.none)})`;
  // The reader's words are looked for in the text, never among the feeds' tokens ("f7").
  words = `{${columns === "text" ? "title description body" : columns}} : ${words}`;
  return `${words} AND feed_token : (${feeds.map((feed) => `"${feed}"`).join(" OR ")})`;
}

/**
 * Whether `text` holds every required group of the query: a word as the start of one of its
 * words, or the start of a word as the query's word (the stem's reach, near enough for a
 * weight: "councils" and "council"); a phrase as such a run of words.
 */
export function holds(query: EngineQuery, text: string): boolean {
  const words = wordsOf(text);
  const like = (a: string, b: string) =>
    a.startsWith(b) || (b.length >= 4 && b.startsWith(a.slice(0, Math.max(4, a.length - 2))));
  const atomIn = (atom: QueryAtom) => {
    const phrase = "word" in atom ? [atom.word] : atom.phrase;
    return words.some((_, at) => phrase.every((word, n) => like(words[at + n] ?? "", word)));
  };
  return query.all.every((group) => group.some(atomIn));
}

/**
 * The MATCH text for pairs_fts (pairs.ts) of a query made of phrases alone, each phrase the
 * phrase of its words' pairs; null when pairs_fts cannot answer it: a lone word (pairs hold no
 * single word), or a phrase whose words the tokenizer reads as other than one stem each.
 */
export function pairsMatch(
  query: EngineQuery,
  feeds: readonly string[],
  stemmer: Stemmer,
  columns: "text" | "title" | "description" = "text",
): string | null {
  const atoms = [...query.all.flat(), ...query.none];
  if (atoms.some((atom) => !("phrase" in atom))) return null;
  const stems = stemmer.stemsOf(atoms.map((atom) => atomWords(atom).join(" ")));
  if (atoms.some((atom, at) => stems[at]!.length !== atomWords(atom).length)) return null;
  const pairs = new Map(atoms.map((atom, at) => [atom, quoted([pairText(stems[at]!)])]));
  return ftsMatch(query, feeds, columns, (atom) => pairs.get(atom)!);
}

/** The search index a query is asked of, and its MATCH text for a column or all. */
export interface SearchIndex {
  table: "items_fts" | "pairs_fts";
  match: (columns?: "title" | "description") => string | null;
}

/**
 * pairs_fts for a query of phrases alone whose dates it indexes (pairs.ts: it reads a phrase's
 * rows only, where items_fts reads every row holding its words); items_fts for any other.
 */
export function searchIndex(
  request: EngineSearch,
  feeds: readonly string[],
  pairs: { stemmer: Stemmer; from: () => number },
): SearchIndex {
  const { query } = request;
  const paired = pairsMatch(query, feeds, pairs.stemmer);
  if (paired && (request.from === null ? 0 : firstIdAt(request.from)) >= pairs.from())
    return {
      table: "pairs_fts",
      match: (columns) => (columns ? pairsMatch(query, feeds, pairs.stemmer, columns) : paired),
    };
  return { table: "items_fts", match: (columns) => ftsMatch(query, feeds, columns) };
}

/**
 * A search's matches counted in the index alone (a withdrawn match, or one of a feed carried at
 * another time, is counted too), up to `cap` + 1, for COUNT_BUDGET_MS at most
 * (budgeted-count.ts). `matches`: the statement of the matches' ids, whose `values` bound its
 * ids by `low` and `high` when the search has dates.
 */
export function countMatches(
  sql: (text: string) => StatementSync,
  matches: string,
  { values, cap }: { values: Record<string, SQLInputValue>; cap: number },
): BudgetedCount {
  const ends = sql(
    "SELECT (SELECT min(id) FROM items) AS low, (SELECT max(id) FROM items) AS high",
  ).get() as { low: number | null; high: number | null };
  const ids = sql(`${matches} LIMIT :cap`).iterate({ ...values, cap: cap + 1 });
  return budgetedCount(
    (function* () {
      for (const row of ids) yield (row as { id: number }).id;
    })(),
    {
      low: Number(values.low ?? ends.low ?? 0),
      high: Number(values.high ?? (ends.high ?? -1) + 1),
    },
    cap,
    COUNT_BUDGET_MS,
    () => performance.now(),
  );
}
