import { firstIdAt, LOW_BITS } from "./item-id";
import { foldText } from "./query";
import type { EngineQuery, EngineSearch, QueryAtom } from "./types";

/**
 * The shared engine's statements for reading, and the text it indexes. The reader's words
 * reach PostgreSQL only as parameters: each atom is `phraseto_tsquery('english', $n)`, the
 * atoms joined by the tsquery operators && || !! written here, so nothing a reader types is
 * SQL or tsquery syntax. A word that is a stop word ("the") becomes an empty tsquery, which
 * those operators drop: "the council" asks for "council"; a query of stop words alone
 * matches nothing (PostgreSQL says so in a NOTICE, never an error).
 */

/** A statement's parameters: each value added becomes `$n`. */
export class Params {
  constructor(readonly values: unknown[] = []) {}

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  copy(): Params {
    return new Params([...this.values]);
  }
}

/** PostgreSQL's tsvector holds 1 MB at most: longer text is not indexed past this. */
const INDEXED_LENGTH = 100_000;

/**
 * A field as the engine indexes it: folded like the reader's words, and every run of what is
 * not a letter or digit a space, so PostgreSQL's parser sees the same words query.ts reads
 * ("covid-19" is "covid 19" on both sides, never "covid" and "-19").
 */
export function indexText(text: string): string {
  return foldText(text.slice(0, INDEXED_LENGTH))
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The tsvector of an item's folded fields, given as SQL expressions. */
export const searchVector = (title: string, description: string, body: string) =>
  `setweight(to_tsvector('english', ${title}), 'A') || setweight(to_tsvector('english', ${description}), 'B') || setweight(to_tsvector('english', ${body}), 'C')`;

export const atomWords = (atom: QueryAtom) => ("word" in atom ? [atom.word] : atom.phrase);

/** A phrase's tsquery is asked through its word pairs (postgres-pairs.ts) when `paired`. */
const atomSql = (atom: QueryAtom, params: Params, paired: boolean) =>
  "phrase" in atom && paired
    ? `archive_phrase(${params.add(atom.phrase.join(" "))})`
    : `phraseto_tsquery('english', ${params.add(atomWords(atom).join(" "))})`;

const groupSql = (atoms: readonly QueryAtom[], params: Params, paired: boolean) =>
  `(${atoms.map((atom) => atomSql(atom, params, paired)).join(" || ")})`;

/**
 * The tsquery of an engine query, as SQL; null when nothing is required. `paired`: its phrases
 * asked through their word pairs, which every row the search reads holds (postgres-pairs.ts).
 */
export function tsQuery(query: EngineQuery, params: Params, paired = false): string | null {
  if (query.all.length === 0) return null;
  const all = query.all.map((atoms) => groupSql(atoms, params, paired)).join(" && ");
  if (query.none.length === 0) return `(${all})`;
  return `((${all}) && (!! ${groupSql(query.none, params, paired)}))`;
}

/** The item was the publication's ($1): a feed it carried while the item was in the feed. */
export const carried = (section: string | null) => `EXISTS (SELECT 1 FROM carriage c
  WHERE c.publication = $1 AND c.feed = i.feed AND c.since <= i.last_seen
    AND (c.until IS NULL OR c.until >= i.first_seen)${section ? ` AND c.section = ${section}` : ""})`;
const NOT_WITHDRAWN = `NOT EXISTS (SELECT 1 FROM withdrawals w
  WHERE w.link = i.link AND w.publication IN ($1, '*'))`;
const SECTION_OF = `(SELECT c.section FROM carriage c
  WHERE c.publication = $1 AND c.feed = i.feed AND c.since <= i.last_seen
    AND (c.until IS NULL OR c.until >= i.first_seen) ORDER BY c.rank LIMIT 1)`;
const HEADLINE = `i.id, i.feed, i.title, i.description, i.link, i.image, i.at,
  coalesce(i.story, i.id) AS story, ${SECTION_OF} AS section`;
/** The publication's feeds: the index (feed, at) answers a range of moments. */
export const IN_FEEDS = "i.feed IN (SELECT feed FROM carriage WHERE publication = $1)";
/** What the publication ($1) shows: carried and not withdrawn. */
const SHOWN = `${IN_FEEDS} AND ${carried(null)} AND ${NOT_WITHDRAWN}`;

/** A month, in ms: a match's rank halves at a month's age. */
export const MONTH_MS = 2_592_000_000;
/** The heaviest weight of a match: the words in its title and its description. */
export const MOST = 13;

export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * Relevance ranks this many of a publication's newest matches: the embedded engine the newest
 * of all its feeds, this one each feed's newest, the window divided among them.
 */
const RELEVANCE_WINDOW = 5000;
/** The sections a publication carries, a feed each (lib/news/sections). */
export const FEEDS = 15;
/**
 * Relevance weighs this many of the newest matches first, each feed's share of them
 * (postgres-search.ts, rankedPage), and reads the rest of its window only if they leave the
 * page unsettled.
 */
export const FIRST_WEIGHED = 400;

/** How a search reads its matches (postgres-plan.ts, searchPlan). */
export type SearchPlan = "walk" | "feeds" | "index";

/** How many rows of each feed a page needs at most, or relevance reads (`first`: at first). */
export const wantedOf = (
  request: Pick<EngineSearch, "order" | "offset" | "limit">,
  first = false,
) =>
  request.order === "newest"
    ? request.offset + request.limit
    : Math.ceil((first ? FIRST_WEIGHED : RELEVANCE_WINDOW) / FEEDS);

/** How many of the newest matches of all the feeds the index plan sorts. */
const indexWanted = (request: Pick<EngineSearch, "order" | "offset" | "limit">) =>
  request.order === "newest" ? request.offset + request.limit : RELEVANCE_WINDOW;

/** The lowest id of an item at or after `from`, and the first id past items before `to`. */
export const idFrom = (from: number) => firstIdAt(from);
export const idBefore = (to: number) => firstIdAt(to - 1) + LOW_BITS;

/**
 * The page of matches, and the count of those between two ids (low included, up to a limit:
 * budgeted-count.ts, windowedCount); null when nothing is asked. A walk's statements are run
 * with bitmap scans off (postgres-search.ts), so that the planner walks the index and never
 * meets the GIN index inside it.
 */
export function searchStatements(
  request: EngineSearch,
  plan: SearchPlan,
  paired = false,
): {
  page: Statement;
  /**
   * About the newest `total` matches, weighed (id, score, feed, moment): `each` of each of the
   * publication's feeds when the plan reads them `apart`, else of all of them.
   */
  newest: (total: number) => Statement & { each: number; apart: boolean };
  countBetween: (low: number, high: number, limit: number) => Statement;
} | null {
  const params = new Params([request.publication]);
  const query = tsQuery(request.query, params, paired);
  if (!query) return null;
  const section = request.section === null ? null : params.add(request.section);
  const feeds = `SELECT DISTINCT feed FROM carriage WHERE publication = $1${section ? ` AND section = ${section}` : ""}`;
  let where = `i.search @@ ${query} AND ${carried(section)} AND ${NOT_WITHDRAWN}`;
  // The moments' bounds, and the ids' they imply (an id's second is its item's: item-id.ts),
  // so that a walk starts at the range, not at the newest item.
  if (request.from !== null)
    where += ` AND i.at >= ${params.add(request.from)} AND i.id >= ${params.add(idFrom(request.from))}`;
  if (request.to !== null)
    where += ` AND i.at < ${params.add(request.to)} AND i.id < ${params.add(idBefore(request.to))}`;
  const count = params.copy();
  const page = params.copy();
  const newest = request.order === "newest";
  // Only ids and scores are sorted: the rows are read for the page's 20 alone.
  const score = newest ? "0::float8" : weight(request, page);
  // A walk and the feeds' plan read each feed apart: the one its (feed, id) index backwards,
  // the other the index of feeds and words asked the feed and the words (postgres-feed-index.ts).
  const matches = (wanted: string) =>
    plan !== "index"
      ? `SELECT m.id, m.score, m.feed, m.at FROM (${feeds}) AS f CROSS JOIN LATERAL (
          SELECT i.id, ${score} AS score, i.feed, i.at FROM items i
          WHERE i.feed = f.feed AND ${where} ORDER BY i.id DESC LIMIT ${wanted}
        ) AS m`
      : `SELECT i.id, ${score} AS score, i.feed, i.at FROM items i
          WHERE i.feed = ANY (ARRAY(${feeds})) AND ${where}
          ORDER BY i.id DESC LIMIT ${wanted}`;
  const window = page.copy();
  const wanted = page.add(plan === "index" ? indexWanted(request) : wantedOf(request));
  const order = newest ? "m.id DESC" : "m.score DESC, m.id DESC";
  const limit = page.add(request.limit);
  const offset = page.add(request.offset);
  return {
    page: {
      text: `SELECT ${HEADLINE} FROM (
          SELECT * FROM (${matches(wanted)}) AS m ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
        ) AS m JOIN items i ON i.id = m.id ORDER BY ${order}`,
      values: page.values,
    },
    newest: (total) => {
      const values = window.copy();
      const each = plan === "index" ? total : Math.ceil(total / FEEDS);
      return {
        text: matches(values.add(each)),
        values: values.values,
        each,
        apart: plan !== "index",
      };
    },
    countBetween: (low, high, limit) => {
      const window = count.copy();
      const ids = `i.id >= ${window.add(low)} AND i.id < ${window.add(high)}`;
      const rows =
        plan === "feeds"
          ? `SELECT 1 FROM (${feeds}) AS f CROSS JOIN LATERAL (
              SELECT 1 FROM items i WHERE i.feed = f.feed AND ${where} AND ${ids}
            ) AS m`
          : `SELECT 1 FROM items i WHERE i.feed = ANY (ARRAY(${feeds})) AND ${where} AND ${ids}`;
      return {
        text: `SELECT count(*) AS total FROM (${rows} LIMIT ${window.add(limit)}) AS matches`,
        values: window.values,
      };
    },
  };
}

/**
 * A match's weight, as the embedded engine's (sqlite/relevance.ts): 10 for the words in its
 * title, 4 in its description, 13 in both, 1 in its body alone, and a month's age halves it.
 * The words are asked of the title's and the description's lexemes alone (ts_filter keeps a
 * weight's), phrases by their positions, never by their pairs (a pair has no position).
 */
function weight(request: EngineSearch, params: Params): string {
  const words = tsQuery({ all: request.query.all, none: [] }, params)!;
  const holds = (weight: "a" | "b") => `(ts_filter(i.search, '{${weight}}') @@ ${words})::int`;
  return `(1 + 9 * ${holds("a")} + 3 * ${holds("b")})::float8
    / (1 + greatest(0, ${params.add(request.now)}::bigint - i.at)::float8 / ${MONTH_MS})`;
}

/** $1 publication, $2 ids: their headlines, in any order. */
export const HEADLINES_OF = `SELECT ${HEADLINE} FROM items i WHERE i.id = ANY ($2::bigint[])`;

/** $1 publication, $2 from, $3 to, $4 limit. */
export const BETWEEN = `SELECT ${HEADLINE} FROM items i
  WHERE i.at >= $2 AND i.at < $3 AND ${SHOWN}
  ORDER BY i.at, i.id LIMIT $4`;

/** $1 publication, $2 a story: its items the publication carried and shows, newest first. */
export const STORY = `SELECT ${HEADLINE} FROM items i
  WHERE (i.story = $2::bigint OR (i.id = $2::bigint AND i.story IS NULL))
    AND ${carried(null)} AND ${NOT_WITHDRAWN}
  ORDER BY i.at DESC, i.id DESC`;

const SHOWN_HERE = `${carried(null)} AND ${NOT_WITHDRAWN}`;

/** $1 publication, $2 links: the shown items of the links' stories (stories/marks.ts). */
export const STORY_MEMBERS = `SELECT i.story::text AS story, i.link, i.feed FROM items i
  WHERE i.story IN (SELECT DISTINCT a.story FROM items a
      WHERE a.link = ANY ($2::text[]) AND a.story IS NOT NULL)
    AND ${SHOWN_HERE}
  ORDER BY i.id`;

/**
 * The moment of the publication's ($1) first or last item shown before or from a moment: each
 * feed's (feed, at) index read from that end until an item is shown, the feeds' answers
 * merged, so the answer costs a few rows of each feed however long the archive.
 */
const edge = (aggregate: "min" | "max", range: string, shown = SHOWN_HERE) => `SELECT
    ${aggregate}(m.at) AS at
  FROM (SELECT DISTINCT feed FROM carriage WHERE publication = $1) AS f CROSS JOIN LATERAL (
    SELECT i.at FROM items i WHERE i.feed = f.feed${range} AND ${shown}
    ORDER BY i.at ${aggregate === "min" ? "ASC" : "DESC"} LIMIT 1
  ) AS m`;

/** $1 publication: its first and last items' moments, withdrawn ones too (as SQLite's). */
export const SPAN = `SELECT (${edge("min", "", carried(null))}) AS first,
  (${edge("max", "", carried(null))}) AS last`;

/** $1 publication, $2 the moment: the latest shown before it. */
export const NEAREST_BEFORE = edge("max", " AND i.at < $2");
/** $1 publication, $2 the moment: the earliest shown at or after it. */
export const NEAREST_AFTER = edge("min", " AND i.at >= $2");

/** $1 a moment, $2 a step: the step's oldest items before it removed, their hours lowered. */
export const PRUNE = `WITH gone AS (
    DELETE FROM items WHERE id IN (SELECT id FROM items WHERE at < $1 ORDER BY id LIMIT $2)
    RETURNING feed, at
  ), hours AS (
    INSERT INTO feed_hours (feed, hour, items)
    SELECT feed, at / 3600000, -count(*) FROM gone GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (feed, hour) DO UPDATE SET items = feed_hours.items + excluded.items
  ) SELECT count(*) AS n FROM gone`;

/** $1 publication, $2 link, $3 by, $4 at, $5 the state's name: 1 when it was not withdrawn. */
export const WITHDRAW = `WITH added AS (
         INSERT INTO withdrawals (publication, link, withdrawn_by, at) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING RETURNING at
       ), changed AS (
         INSERT INTO archive_state (name, value) SELECT $5, at FROM added
         ON CONFLICT (name) DO UPDATE SET value = greatest(archive_state.value + 1, excluded.value)
       )
       SELECT count(*) AS n FROM added`;

/** $1 publication, $2 link, $3 the state's name, $4 now: 1 when it was withdrawn. */
export const RESTORE = `WITH removed AS (
         DELETE FROM withdrawals WHERE publication = $1 AND link = $2 RETURNING 1
       ), changed AS (
         INSERT INTO archive_state (name, value) SELECT $3, $4 FROM removed
         ON CONFLICT (name) DO UPDATE SET value = greatest(archive_state.value + 1, excluded.value)
       )
       SELECT count(*) AS n FROM removed`;
