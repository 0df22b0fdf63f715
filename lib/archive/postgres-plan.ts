import type { Query } from "./postgres-pool";
import { atomWords, planWords, searchPlan, wantedOf, type SearchPlan } from "./postgres-query";
import type { EngineQuery, EngineSearch, QueryAtom } from "./types";

/**
 * The shared engine's choice of how to read a search (postgres-query.ts, searchPlan), made on
 * the query PostgreSQL will read. Its english configuration drops stop words: "with more" is
 * an empty tsquery, "with weeks" the one word "weeks", and the tsquery operators drop an empty
 * side ("the council" asks "council"). Weighed as written, a phrase of a stop word and a word
 * looked far rarer than the word alone, and the index plan read every entry of the word; and a
 * query of stop words alone walked every item of the publication's feeds to find that none
 * matches (at a million headlines, past the search's second: a reader's "and the" failed).
 */

/**
 * The query as PostgreSQL reads it, given which of its words are stop words: each atom without
 * them, an atom left empty dropped, a group left empty dropped.
 */
export function asPostgresReads(query: EngineQuery, stops: ReadonlySet<string>): EngineQuery {
  const kept = (atoms: readonly QueryAtom[]) =>
    atoms.flatMap((atom): QueryAtom[] => {
      const words = atomWords(atom).filter((word) => !stops.has(word));
      if (words.length === 0) return [];
      return ["word" in atom ? { word: words[0]! } : { phrase: words }];
    });
  return {
    all: query.all.map(kept).filter((group) => group.length > 0),
    none: kept(query.none),
  };
}

/** Whether PostgreSQL's tsquery of `query` is empty: then nothing matches. */
export const asksNothing = (query: EngineQuery) =>
  query.all.length === 0 && query.none.length === 0;

/**
 * Words of a stem's range read for its uses at most: a stem's words sort near it ("week",
 * "weekly", "weeks"), but a short stem starts many words ("go": "goal", "gold", "going"), and a
 * stranger's query of single letters asks each letter's range.
 */
const STEM_RANGE = 300;

/**
 * The planner's count of items; each word's uses counted as PostgreSQL's index holds it, by
 * its stem ("saying" is "say": 5,770 uses of the word at a million headlines, 270,000 of the
 * stem, and weighed as the first, a search read the index's 270,000 entries in 300 ms where a
 * walk took 6): the word's own, and those of the other words with its stem among the first
 * STEM_RANGE of the stem's range of words.word (COLLATE "C"; "ferry" is "ferri", and its
 * range holds "ferries"); and which words are stop words (no stem).
 */
const PLAN_WORDS = `WITH q AS MATERIALIZED (
    SELECT w, (tsvector_to_array(to_tsvector('english', w)))[1] AS stem FROM unnest($1::text[]) AS w
  )
  SELECT (SELECT greatest(reltuples, 0)::float8 FROM pg_class WHERE oid = 'items'::regclass)
      AS total,
    (SELECT json_object_agg(q.w, (
        SELECT coalesce(sum(x.uses), 0) FROM (
          SELECT word, uses FROM words
           WHERE word >= q.stem COLLATE "C" AND word < (q.stem || chr(1114111)) COLLATE "C"
           ORDER BY word LIMIT ${STEM_RANGE}) AS x
         WHERE x.word <> q.w AND to_tsvector('english', x.word) = to_tsvector('english', q.w)
      ) + coalesce((SELECT uses FROM words WHERE word = q.w), 0))
      FROM q WHERE q.stem IS NOT NULL) AS uses,
    (SELECT array_agg(w) FROM q WHERE q.stem IS NULL) AS stops`;

/** The planner's count of items, and the uses and stop words of `words` (PLAN_WORDS). */
export async function wordsAsIndexed(
  query: Query,
  words: readonly string[],
): Promise<{ total: number; uses: Map<string, number>; stops: Set<string> }> {
  const [row] = await query<{
    total: number;
    uses: Record<string, number> | null;
    stops: string[] | null;
  }>(PLAN_WORDS, [words]);
  return {
    total: row?.total ?? 0,
    uses: new Map(Object.entries(row?.uses ?? {}).map(([word, uses]) => [word, Number(uses)])),
    stops: new Set(row?.stops ?? []),
  };
}

/**
 * How to read `request`'s matches, from its words' uses and the planner's count of items, on
 * the query without its stop words; null when only stop words are left, and nothing can match.
 */
export async function planSearch(query: Query, request: EngineSearch): Promise<SearchPlan | null> {
  const words = [
    ...new Set([...planWords(request.query), ...request.query.none.flatMap(atomWords)]),
  ];
  if (words.length === 0) return "index";
  const { total, uses, stops } = await wordsAsIndexed(query, words);
  const read = asPostgresReads(request.query, stops);
  if (asksNothing(read)) return null;
  return searchPlan(read, uses, total, wantedOf(request));
}
