import type { SQLInputValue, StatementSync } from "node:sqlite";
import { carriageSpans, type FeedCarriage } from "../hour-counts.ts";
import { firstIdAt } from "../item-id.ts";
import { countMatches, type SearchIndex } from "./match.ts";
import type { Stemmer } from "./pairs.ts";
import { rankByRelevance, RELEVANCE_WINDOW } from "./relevance.ts";
import type { ArchivedHeadline, EngineSearch, EngineSearchPage } from "../types";

/**
 * The embedded archive's reads (database.ts writes): a publication's search, days, stories,
 * the exact counts the calendar's kept ones are corrected with, and words.
 */

/** The item is the publication's: a feed it carried while the item was in the feed. */
export const CARRIED = (section: string) => `EXISTS (SELECT 1 FROM carriage c
  WHERE c.publication = :pub AND c.feed = i.feed AND c.since <= i.last_seen
    AND (c.until IS NULL OR c.until >= i.first_seen)${section})`;
export const NOT_WITHDRAWN = `NOT EXISTS (SELECT 1 FROM withdrawals w
  WHERE w.link = i.link AND w.publication IN (:pub, '*'))`;
const SECTION_OF = `(SELECT c.section FROM carriage c
  WHERE c.publication = :pub AND c.feed = i.feed AND c.since <= i.last_seen
    AND (c.until IS NULL OR c.until >= i.first_seen) ORDER BY c.rank LIMIT 1)`;
export const HEADLINE = `i.id, i.feed, i.title, i.description, i.link, i.image, i.at,
  coalesce(i.story, i.id) AS story, ${SECTION_OF} AS section`;

/**
 * The moment of the publication's first or last item that `where` keeps: each feed's (feed,
 * at) index read from that end until an item is kept, the feeds' answers merged, so the answer
 * costs a few rows of each feed however long the archive (a min() over the publication's
 * items read them all: 8 s at three million headlines).
 */
const edge = (pick: "min" | "max", where: string, order: "ASC" | "DESC") => `SELECT ${pick}(
    (SELECT i.at FROM items i WHERE i.feed = f.feed AND ${where} ORDER BY i.at ${order} LIMIT 1)
  ) AS at FROM (SELECT DISTINCT feed FROM carriage WHERE publication = :pub) AS f`;

export interface HeadlineRow {
  id: number;
  feed: string;
  title: string;
  description: string;
  link: string;
  image: string;
  at: number;
  section: string;
  story: number;
}

export const toHeadline = (row: HeadlineRow): ArchivedHeadline => ({
  id: String(row.id),
  feed: row.feed,
  title: row.title,
  description: row.description,
  link: row.link,
  imageUrl: row.image,
  at: row.at,
  section: row.section,
  story: String(row.story),
});

export class SqliteReads {
  private readonly sql: (text: string) => StatementSync;
  private readonly indexOf: (request: EngineSearch) => SearchIndex;
  private readonly stemmer: Stemmer;

  constructor(
    sql: (text: string) => StatementSync,
    indexOf: (request: EngineSearch) => SearchIndex,
    stemmer: Stemmer,
  ) {
    this.sql = sql;
    this.indexOf = indexOf;
    this.stemmer = stemmer;
  }

  async search(request: EngineSearch): Promise<EngineSearchPage> {
    const index = this.indexOf(request);
    const { table, match } = index;
    if (!match) return { hits: [], total: 0 };
    const params: Record<string, SQLInputValue> = { pub: request.publication, match };
    let where = `${table} MATCH :match`;
    // Ids are ordered by moment (item-id.ts): a date range is a range of FTS5's own rowids.
    const bounds: Record<string, SQLInputValue> = {};
    if (request.from !== null) {
      where += ` AND ${table}.rowid >= :low`;
      bounds.low = firstIdAt(request.from);
    }
    if (request.to !== null) {
      where += ` AND ${table}.rowid < :high`;
      bounds.high = firstIdAt(request.to);
    }
    Object.assign(params, bounds);
    const section = request.section ? " AND c.section = :section" : "";
    if (request.section) params.section = request.section;
    const kept = `${CARRIED(section)} AND ${NOT_WITHDRAWN}`;
    // The count's statement: the search's matches in the index (match.ts countMatches).
    const count = () =>
      countMatches(this.sql, `SELECT rowid AS id FROM ${table} WHERE ${where}`, {
        values: { match, ...bounds },
        cap: request.countLimit,
      });
    if (request.order === "newest") {
      const rows = this.sql(
        `SELECT ${HEADLINE} FROM ${table} JOIN items i ON i.id = ${table}.rowid
            WHERE ${where} AND ${kept} ORDER BY ${table}.rowid DESC LIMIT :limit OFFSET :offset`,
      ).all({ ...params, limit: request.limit, offset: request.offset });
      return { hits: (rows as unknown as HeadlineRow[]).map(toHeadline), ...count() };
    }
    const read = this.sql(
      `SELECT ${HEADLINE} FROM items i WHERE i.id IN (SELECT value FROM json_each(:ids)) AND ${kept}`,
    );
    const ranked = rankByRelevance(this.sql, this.stemmer, request, {
      matches: {
        text: `SELECT rowid AS id FROM ${table} WHERE ${where}`,
        values: { match, ...bounds },
      },
      // From the window's newest when the search has an end (FTS5 seeks a bound slowly, so
      // only then): the newest RELEVANCE_WINDOW of a column's matches reach back at least as far
      // as the window. (Not each match asked with `rowid = ?`: FTS5 then answers for a row the
      // MATCH does not hold.)
      column: (column, newest) => {
        const rows = this.sql(
          `SELECT rowid AS id FROM ${table} WHERE ${table} MATCH :match
            ${"high" in bounds ? "AND rowid <= :newest" : ""}
            ORDER BY rowid DESC LIMIT ${RELEVANCE_WINDOW}`,
        ).all({ match: index.column(column), ...("high" in bounds ? { newest } : {}) });
        return new Set((rows as { id: number }[]).map((row) => row.id));
      },
      rowsOf: (ids) =>
        read.all({
          pub: request.publication,
          ...(request.section ? { section: request.section } : {}),
          ids: JSON.stringify(ids),
        }) as unknown as HeadlineRow[],
    });
    // The ranking walked the newest matches with the count's very statement, up to
    // RELEVANCE_WINDOW and past the count's cap: under the window it holds them all, past the
    // cap more than the cap. Either way that is the count, which a walk of its own would only
    // find again.
    const counted =
      ranked.matches < RELEVANCE_WINDOW || ranked.matches > request.countLimit
        ? { total: Math.min(ranked.matches, request.countLimit + 1), estimated: false }
        : count();
    return { hits: ranked.rows.map(toHeadline), ...counted };
  }

  async between(pub: string, from: number, to: number, limit: number): Promise<ArchivedHeadline[]> {
    const rows = this.sql(
      `SELECT ${HEADLINE} FROM items i
        WHERE i.feed IN (SELECT feed FROM carriage WHERE publication = :pub)
          AND i.at >= :from AND i.at < :to AND ${CARRIED("")} AND ${NOT_WITHDRAWN}
        ORDER BY i.at, i.id LIMIT :limit`,
    ).all({ pub, from, to, limit }) as unknown as HeadlineRow[];
    return rows.map(toHeadline);
  }

  /**
   * The publication's carried items of `feeds` in [from, to), from the (feed, at) index: a feed
   * of one carriage span (`rows`, the publication's) read from the index alone, the others
   * asking the carriage table of each item (hour-counts.ts carriageSpans).
   */
  carriedIn(pub: string, feeds: readonly string[], from: number, to: number, rows: FeedCarriage[]) {
    const { spans, others } = carriageSpans(rows, feeds);
    const spanned = this.sql(
      `SELECT count(*) AS n FROM json_each(:spans) s CROSS JOIN items i
        WHERE i.feed = s.value ->> 0 AND i.at >= :from AND i.at < :to
          AND i.last_seen >= s.value ->> 1 AND (s.value ->> 2 IS NULL OR i.first_seen <= s.value ->> 2)`,
    ).get({ spans: JSON.stringify(spans), from, to }) as { n: number };
    if (others.length === 0) return spanned.n;
    const rest = this.sql(
      `SELECT count(*) AS n FROM items i WHERE i.feed IN (SELECT value FROM json_each(:feeds))
        AND i.at >= :from AND i.at < :to AND ${CARRIED("")}`,
    ).get({ pub, feeds: JSON.stringify(others), from, to }) as { n: number };
    return spanned.n + rest.n;
  }

  /**
   * The publication's carried items in [from, to) it withdrew: from its withdrawals (few) to
   * their items by link, in that order (CROSS JOIN; the planner read every item of the range).
   */
  withdrawnIn(pub: string, from: number, to: number): number {
    return (
      this.sql(
        `SELECT count(DISTINCT i.id) AS n FROM withdrawals w CROSS JOIN items i ON i.link = w.link
          WHERE w.publication IN (:pub, '*')
            AND i.feed IN (SELECT feed FROM carriage WHERE publication = :pub)
            AND i.at >= :from AND i.at < :to AND ${CARRIED("")}`,
      ).get({ pub, from, to }) as { n: number }
    ).n;
  }

  async nearest(
    pub: string,
    moment: number,
    direction: "before" | "after",
  ): Promise<number | null> {
    const shown = `${CARRIED("")} AND ${NOT_WITHDRAWN}`;
    const row = this.sql(
      direction === "before"
        ? edge("max", `i.at < :moment AND ${shown}`, "DESC")
        : edge("min", `i.at >= :moment AND ${shown}`, "ASC"),
    ).get({ pub, moment }) as { at: number | null };
    return row.at;
  }

  async span(pub: string): Promise<{ first: number; last: number } | null> {
    const row = this.sql(
      `SELECT (${edge("min", CARRIED(""), "ASC")}) AS first,
        (${edge("max", CARRIED(""), "DESC")}) AS last`,
    ).get({ pub }) as { first: number | null; last: number | null };
    return row.first === null || row.last === null ? null : { first: row.first, last: row.last };
  }

  async wordsLike(word: string, limit: number): Promise<{ word: string; uses: number }[]> {
    const first = Array.from(word)[0];
    if (!first) return [];
    return this.sql(
      `SELECT word, uses FROM words WHERE word >= :low AND word < :high
         AND length(word) BETWEEN :short AND :long ORDER BY uses DESC, word LIMIT :limit`,
    ).all({
      low: first,
      high: `${first}\u{10FFFF}`,
      short: word.length - 2,
      long: word.length + 2,
      limit,
    }) as unknown as { word: string; uses: number }[];
  }
}
