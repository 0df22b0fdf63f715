import { COUNT_BUDGET_MS } from "./budgeted-count";
import { firstIdAt } from "./item-id";
import { FEED_INDEX_VALID, FeedShares } from "./postgres-feed-index";
import { PAIRS_FROM } from "./postgres-pairs";
import type { Query } from "./postgres-pool";
import { atomWords, FEEDS, wantedOf, type SearchPlan } from "./postgres-query";
import type { EngineQuery, EngineSearch, QueryAtom } from "./types";

/**
 * The shared engine's choice of how to read a search (searchPlan, below), made on
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
    (SELECT array_agg(w) FROM q WHERE q.stem IS NULL) AS stops,
    (${PAIRS_FROM}) AS pairs_from,
    ${FEED_INDEX_VALID} AS feed_index,
    (SELECT array_agg(DISTINCT feed) FROM carriage WHERE publication = $2) AS publication_feeds,
    (SELECT greatest(reltuples, 1)::float8 FROM pg_class WHERE oid = 'feed_firsts'::regclass)
      AS feeds`;

/**
 * The planner's count of items, the uses and stop words of `words` (PLAN_WORDS), the lowest
 * id from which every row holds its word pairs (postgres-pairs.ts), whether the index of feeds
 * and words is valid (postgres-feed-index.ts), the planner's count of feeds, and the feeds of
 * `publication`.
 */
export async function wordsAsIndexed(
  query: Query,
  words: readonly string[],
  publication = "",
): Promise<{
  total: number;
  uses: Map<string, number>;
  stops: Set<string>;
  pairsFrom: number;
  feedIndex: boolean;
  feeds: number;
  publicationFeeds: string[];
}> {
  const [row] = await query<{
    total: number;
    uses: Record<string, number> | null;
    stops: string[] | null;
    pairs_from: string | null;
    feed_index: boolean;
    feeds: number;
    publication_feeds: string[] | null;
  }>(PLAN_WORDS, [words, publication]);
  return {
    total: row?.total ?? 0,
    uses: new Map(Object.entries(row?.uses ?? {}).map(([word, uses]) => [word, Number(uses)])),
    stops: new Set(row?.stops ?? []),
    // No cursor: an archive not migrated to the pairs yet (read by an instance of this version
    // while another migrates it), whose rows hold none.
    pairsFrom: row?.pairs_from == null ? Number.POSITIVE_INFINITY : Number(row.pairs_from),
    feedIndex: row?.feed_index ?? false,
    feeds: Math.max(1, row?.feeds ?? 1),
    publicationFeeds: row?.publication_feeds ?? [],
  };
}

/**
 * How a search reads its matches, chosen from how many items each word is in (words.uses):
 * - "walk": each feed the publication carries, its (feed, id) index read backwards, each row
 *   checked against the tsvector, until the page is full; the feeds' rows merged. A common
 *   word fills a page within a few dozen rows of each feed, whatever the archive's size.
 * - "feeds", once the index of feeds and words is valid (postgres-feed-index.ts, `feedRows` a
 *   feed's rows on average): that index asked once a feed, the feed's matches alone read. A
 *   word in a few rows of each feed finds them among the index's entries, where walking would
 *   read every row of the feed to find them.
 * - "index", before it is: the GIN index of the words once, every entry of the words read,
 *   the matches in the publication's feeds sorted. A rare word has few entries; but each of
 *   its rows in the whole network is read from the table to be kept to the feeds.
 * Measured at a million headlines: a walk reads a row in about 1.2 µs, and needs FEEDS ×
 * wanted / (the matches' share) rows; the index reads an entry in about 0.1 µs. The planner
 * cannot be left to choose between a walk and the words' index: inside the walk it meets the
 * GIN index again for each feed (a BitmapAnd, the words' entries read 15 times), and it takes
 * a phrase of two common words ("small town") for as common as its words.
 */
const WALK_ROW_US = 1.2;
const INDEX_ENTRY_US = 0.1;
/** A row holding a phrase's pairs, read and its positions checked. */
const PAIR_ROW_US = 2;
/**
 * A row the feeds' plan reads from the table: a feed's matches across the archive's year,
 * where a walk reads the feed's newest rows, most often in memory. Three times a walk's row,
 * measured: at ten million headlines 8,400 matches of "state" read in 252 ms against a walk's
 * 5,400 rows in 49; at a million, a common word ranked by relevance (450 matches a feed) in
 * 178 ms against 66 walking.
 */
const FEED_ROW_US = 3.6;
/**
 * The index of feeds and words asked once for a feed: GIN skips through the words' entries by
 * the feed's, whatever their numbers (0.14 ms a feed for a rare word at a million headlines,
 * 0.5 at ten million). Weighed by the feed's entries instead, a word in one item in fifty was
 * walked at ten million, 1,064 rows a feed, in 660 ms from disk.
 */
const FEED_PROBE_US = 200;
/** A phrase's words are together far less often than each is: a tenth a word, a guess. */
const PHRASE_FACTOR = 0.1;

export function searchPlan(
  query: EngineQuery,
  uses: ReadonlyMap<string, number>,
  total: number,
  wanted: number,
  paired = false,
  feedRows: number | null = null,
): SearchPlan {
  if (total <= 0) return feedRows === null ? "index" : "feeds";
  const usesOf = (word: string) => uses.get(word) ?? 0;
  const share = (word: string) => Math.min(1, usesOf(word) / total);
  const atomShare = (atom: QueryAtom) =>
    "word" in atom
      ? share(atom.word)
      : atom.phrase.reduce((product, word) => product * share(word), 1) *
        PHRASE_FACTOR ** (atom.phrase.length - 1);
  // The rows an index finds for an atom: a phrase's are those holding its pairs, or its words.
  const foundShare = (atom: QueryAtom) =>
    "phrase" in atom && !paired
      ? atom.phrase.reduce((product, word) => product * share(word), 1)
      : atomShare(atom);
  const shareOf = (of: (atom: QueryAtom) => number) =>
    query.all.reduce(
      (product, group) =>
        product *
        Math.min(
          1,
          group.reduce((sum, atom) => sum + of(atom), 0),
        ),
      1,
    );
  const matched = shareOf(atomShare);
  if (matched <= 0) return feedRows === null ? "index" : "feeds";
  const walk = ((FEEDS * wanted) / matched) * WALK_ROW_US;
  if (feedRows !== null) {
    // A walk reads a feed to its end at most.
    const walked = FEEDS * Math.min(feedRows, wanted / matched) * WALK_ROW_US;
    // Each feed: the index asked, then the rows it found read.
    const feeds = FEEDS * (FEED_PROBE_US + shareOf(foundShare) * feedRows * FEED_ROW_US);
    return walked < feeds ? "walk" : "feeds";
  }
  // Paired, a phrase's entries are its pairs' rows alone, each one's positions checked.
  const entriesOf = (atom: QueryAtom) =>
    paired && "phrase" in atom && atom.phrase.length > 1
      ? (atomShare(atom) * total * PAIR_ROW_US) / INDEX_ENTRY_US
      : atomWords(atom).reduce((words, word) => words + usesOf(word), 0);
  const entries = query.all.flat().reduce((sum, atom) => sum + entriesOf(atom), 0);
  return walk < entries * INDEX_ENTRY_US ? "walk" : "index";
}

/** The words whose uses searchPlan weighs: those of the required atoms. */
export const planWords = (query: EngineQuery): string[] => [
  ...new Set(query.all.flat().flatMap(atomWords)),
];

/**
 * Whether a walk's count reads every row of the publication's feeds (`rows`, as the plan
 * reckons them) in half its budget: then it is asked whole, never estimated. A small archive's
 * or publication's count, estimated from the part of its ids passed, came out at 8 where 6 rows
 * matched, on a machine busy enough to spend the budget on a few windows.
 */
export const countsWhole = (rows: number) => rows * WALK_ROW_US <= (COUNT_BUDGET_MS * 1000) / 2;

/**
 * How to read `request`'s matches, from its words' uses and the planner's count of items, on
 * the query without its stop words; null when only stop words are left, and nothing can match.
 * `paired`: every row of the search's dates holds its word pairs, so its phrases are asked
 * through them. `rows`: the publication's feeds' rows, or the archive's before the index of
 * feeds and words gives them (countsWhole). `first`: how to read relevance's first matches
 * weighed (postgres-search.ts, rankedPage).
 */
export async function planSearch(
  query: Query,
  request: EngineSearch,
  shares = new FeedShares(),
): Promise<{ plan: SearchPlan; first: SearchPlan; paired: boolean; rows: number } | null> {
  const words = [
    ...new Set([...planWords(request.query), ...request.query.none.flatMap(atomWords)]),
  ];
  if (words.length === 0) return { plan: "index", first: "index", paired: false, rows: 0 };
  const { total, uses, stops, pairsFrom, feedIndex, feeds, publicationFeeds } =
    await wordsAsIndexed(query, words, request.publication);
  const read = asPostgresReads(request.query, stops);
  if (asksNothing(read)) return null;
  const paired = (request.from === null ? 0 : firstIdAt(request.from)) >= pairsFrom;
  // A feed of the publication's rows on average; before the table is analyzed, any feed's.
  let feedRows: number | null = null;
  if (feedIndex) {
    const share = await shares.of(query, publicationFeeds);
    feedRows = share ? (share * total) / FEEDS : total / feeds;
  }
  return {
    plan: searchPlan(read, uses, total, wantedOf(request), paired, feedRows),
    // Relevance's first matches weighed, each feed's few newest: a walk more often than its
    // window (at a million headlines "weekly"'s first 400 walked in 12 to 70 ms, read through
    // the index of feeds and words in 200 to 220).
    first: searchPlan(read, uses, total, wantedOf(request, true), paired, feedRows),
    paired,
    rows: feedRows === null ? total : FEEDS * feedRows,
  };
}
