import type { SQLInputValue, StatementSync } from "node:sqlite";
import { budgetedCount, COUNT_BUDGET_MS, type BudgetedCount } from "../budgeted-count.ts";
import { firstIdAt } from "../item-id.ts";
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

/** Which columns a MATCH reads: all the text, or a column alone (relevance's weights). */
type Columns = "text" | "title" | "description";

/**
 * `feeds`: the tokens of the feeds searched (sqlite-schema.ts); none, no match at all.
 * `columns` "title" or "description": the items whose own column holds every required word
 * (exclusions are the whole match's business). `text`: an atom's FTS5 string (its words;
 * pairsMatch: its words' pairs).
 */
function ftsMatch(
  query: EngineQuery,
  feeds: readonly string[],
  columns: Columns = "text",
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
 * The query's required groups as stems, as items_fts reads them (Stemmer, pairs.ts): each group
 * its atoms, each atom the run of its words' stems.
 */
export function requiredStems(query: EngineQuery, stemmer: Stemmer): string[][][] {
  const stems = stemmer.stemsOf(query.all.flat().map((atom) => atomWords(atom).join(" ")));
  let next = 0;
  return query.all.map((group) => group.map(() => stems[next++]!));
}

/**
 * Whether a text's stems (in order) hold every required group, an atom as a run of its stems:
 * what a MATCH of the query's words in that one column finds (exclusions are the whole match's
 * business).
 */
export function holdsStems(required: string[][][], stems: readonly string[]): boolean {
  const runAt = (run: readonly string[], at: number) =>
    run.every((stem, n) => stems[at + n] === stem);
  const holdsRun = (run: readonly string[]) =>
    run.length > 0 && stems.some((_, at) => runAt(run, at));
  return required.every((group) => group.some(holdsRun));
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
  columns: Columns = "text",
): string | null {
  const atoms = [...query.all.flat(), ...query.none];
  if (atoms.some((atom) => !("phrase" in atom))) return null;
  const stems = stemmer.stemsOf(atoms.map((atom) => atomWords(atom).join(" ")));
  if (atoms.some((atom, at) => stems[at]!.length !== atomWords(atom).length)) return null;
  const pairs = new Map(atoms.map((atom, at) => [atom, quoted([pairText(stems[at]!)])]));
  return ftsMatch(query, feeds, columns, (atom) => pairs.get(atom)!);
}

/**
 * The search index a query is asked of, its MATCH text (null: no match at all), and the MATCH
 * text of the items whose title, or description, alone holds the words.
 */
export interface SearchIndex {
  table: "items_fts" | "pairs_fts";
  match: string | null;
  column: (column: "title" | "description") => string | null;
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
      match: paired,
      column: (column) => pairsMatch(query, feeds, pairs.stemmer, column),
    };
  return {
    table: "items_fts",
    match: ftsMatch(query, feeds),
    column: (column) => ftsMatch(query, feeds, column),
  };
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
