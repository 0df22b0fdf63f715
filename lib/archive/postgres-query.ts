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

const atomWords = (atom: QueryAtom) => ("word" in atom ? [atom.word] : atom.phrase);

const atomSql = (atom: QueryAtom, params: Params) =>
  `phraseto_tsquery('english', ${params.add(atomWords(atom).join(" "))})`;

const groupSql = (atoms: readonly QueryAtom[], params: Params) =>
  `(${atoms.map((atom) => atomSql(atom, params)).join(" || ")})`;

/** The tsquery of an engine query, as SQL; null when nothing is required. */
export function tsQuery(query: EngineQuery, params: Params): string | null {
  if (query.all.length === 0) return null;
  const all = query.all.map((atoms) => groupSql(atoms, params)).join(" && ");
  if (query.none.length === 0) return `(${all})`;
  return `((${all}) && (!! ${groupSql(query.none, params)}))`;
}

/** The item was the publication's ($1): a feed it carried while the item was in the feed. */
const carried = (section: string | null) => `EXISTS (SELECT 1 FROM carriage c
  WHERE c.publication = $1 AND c.feed = i.feed AND c.since <= i.last_seen
    AND (c.until IS NULL OR c.until >= i.first_seen)${section ? ` AND c.section = ${section}` : ""})`;
const NOT_WITHDRAWN = `NOT EXISTS (SELECT 1 FROM withdrawals w
  WHERE w.link = i.link AND w.publication IN ($1, '*'))`;
const SECTION_OF = `(SELECT c.section FROM carriage c
  WHERE c.publication = $1 AND c.feed = i.feed AND c.since <= i.last_seen
    AND (c.until IS NULL OR c.until >= i.first_seen) ORDER BY c.rank LIMIT 1)`;
const HEADLINE = `i.id, i.feed, i.title, i.description, i.link, i.image, i.at, ${SECTION_OF} AS section`;
/** The publication's feeds: the index (feed, at) answers a range of moments. */
const IN_FEEDS = "i.feed IN (SELECT feed FROM carriage WHERE publication = $1)";
/** What the publication ($1) shows: carried and not withdrawn. */
const SHOWN = `${IN_FEEDS} AND ${carried(null)} AND ${NOT_WITHDRAWN}`;

/**
 * Weights of ts_rank_cd, {D, C, B, A}: body 1, description 4, title 10, as the embedded
 * engine's bm25 has them.
 */
const WEIGHTS = "'{0.1, 0.1, 0.4, 1.0}'";
/** A month, in ms: a match's rank halves at a month's age. */
const MONTH_MS = 2_592_000_000;

export interface Statement {
  text: string;
  values: unknown[];
}

/** The page of matches and their count (up to countLimit + 1); null when nothing is asked. */
export function searchStatements(
  request: EngineSearch,
): { page: Statement; count: Statement } | null {
  const params = new Params([request.publication]);
  const query = tsQuery(request.query, params);
  if (!query) return null;
  const section = request.section === null ? null : params.add(request.section);
  // The publication's feeds first: the planner meets the (feed, at) index beside the GIN one.
  const feeds = `i.feed IN (SELECT feed FROM carriage WHERE publication = $1${section ? ` AND section = ${section}` : ""})`;
  let where = `${feeds} AND i.search @@ ${query} AND ${carried(section)} AND ${NOT_WITHDRAWN}`;
  if (request.from !== null) where += ` AND i.at >= ${params.add(request.from)}`;
  if (request.to !== null) where += ` AND i.at < ${params.add(request.to)}`;
  const page = params.copy();
  const order =
    request.order === "newest"
      ? "i.id DESC"
      : `ts_rank_cd(${WEIGHTS}, i.search, ${query}, 1)::float8
          / (1 + greatest(0, ${page.add(request.now)}::bigint - i.at)::float8 / ${MONTH_MS}) DESC,
         i.id DESC`;
  const limit = page.add(request.limit);
  const offset = page.add(request.offset);
  const count = params.copy();
  return {
    page: {
      text: `SELECT ${HEADLINE} FROM items i WHERE ${where}
        ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      values: page.values,
    },
    count: {
      text: `SELECT count(*) AS total FROM (SELECT 1 FROM items i WHERE ${where}
        LIMIT ${count.add(request.countLimit + 1)}) AS matches`,
      values: count.values,
    },
  };
}

/** $1 publication, $2 from, $3 to, $4 limit. */
export const BETWEEN = `SELECT ${HEADLINE} FROM items i
  WHERE i.at >= $2 AND i.at < $3 AND ${SHOWN}
  ORDER BY i.at, i.id LIMIT $4`;

/** $1 publication, $2 and $3 the ranges' starts and ends: one count per range, in order. */
export const COUNT_IN = `SELECT (SELECT count(*) FROM items i
    WHERE i.at >= r.start AND i.at < r.stop AND ${SHOWN}) AS n
  FROM unnest($2::bigint[], $3::bigint[]) WITH ORDINALITY AS r(start, stop, ordinal)
  ORDER BY r.ordinal`;

/** $1 publication. */
export const SPAN = `SELECT min(i.at) AS first, max(i.at) AS last FROM items i
  WHERE ${IN_FEEDS} AND ${carried(null)}`;

/** $1 publication, $2 the moment: the latest shown before it. */
export const NEAREST_BEFORE = `SELECT max(i.at) AS at FROM items i WHERE i.at < $2 AND ${SHOWN}`;
/** $1 publication, $2 the moment: the earliest shown at or after it. */
export const NEAREST_AFTER = `SELECT min(i.at) AS at FROM items i WHERE i.at >= $2 AND ${SHOWN}`;
