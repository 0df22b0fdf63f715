import type { SQLInputValue, StatementSync } from "node:sqlite";
import { firstIdAt } from "./item-id";
import { ftsMatch } from "./sqlite-match";
import type { ArchivedHeadline, EngineSearch } from "./types";

/**
 * The embedded archive's reads (sqlite-engine.ts writes): a publication's search, days,
 * counts and words. `sql` prepares a statement once and keeps it.
 */

/** Relevance ranks the newest this many matches of a publication. */
const RELEVANCE_WINDOW = 5000;

/** The item is the publication's: a feed it carried while the item was in the feed. */
const CARRIED = (section: string) => `EXISTS (SELECT 1 FROM carriage c
  WHERE c.publication = :pub AND c.feed = i.feed AND c.since <= i.last_seen
    AND (c.until IS NULL OR c.until >= i.first_seen)${section})`;
const NOT_WITHDRAWN = `NOT EXISTS (SELECT 1 FROM withdrawals w
  WHERE w.link = i.link AND w.publication IN (:pub, '*'))`;
const SECTION_OF = `(SELECT c.section FROM carriage c
  WHERE c.publication = :pub AND c.feed = i.feed AND c.since <= i.last_seen
    AND (c.until IS NULL OR c.until >= i.first_seen) ORDER BY c.rank LIMIT 1)`;
const HEADLINE = `i.id, i.feed, i.title, i.description, i.link, i.image, i.at, ${SECTION_OF} AS section`;

interface HeadlineRow {
  id: number;
  feed: string;
  title: string;
  description: string;
  link: string;
  image: string;
  at: number;
  section: string;
}

const toHeadline = (row: HeadlineRow): ArchivedHeadline => ({
  id: String(row.id),
  feed: row.feed,
  title: row.title,
  description: row.description,
  link: row.link,
  imageUrl: row.image,
  at: row.at,
  section: row.section,
});

export class SqliteReads {
  constructor(
    private readonly sql: (text: string) => StatementSync,
    private readonly feedTokens: (publication: string, section: string | null) => string[],
  ) {}

  async search(request: EngineSearch): Promise<{ hits: ArchivedHeadline[]; total: number }> {
    const match = ftsMatch(request.query, this.feedTokens(request.publication, request.section));
    if (!match) return { hits: [], total: 0 };
    const params: Record<string, SQLInputValue> = { pub: request.publication, match };
    let where = "items_fts MATCH :match";
    // Ids are ordered by moment (item-id.ts): a date range is a range of FTS5's own rowids.
    const bounds: Record<string, SQLInputValue> = {};
    if (request.from !== null) {
      where += " AND items_fts.rowid >= :low";
      bounds.low = firstIdAt(request.from);
    }
    if (request.to !== null) {
      where += " AND items_fts.rowid < :high";
      bounds.high = firstIdAt(request.to);
    }
    Object.assign(params, bounds);
    const section = request.section ? " AND c.section = :section" : "";
    if (request.section) params.section = request.section;
    const kept = `${CARRIED(section)} AND ${NOT_WITHDRAWN}`;
    const rows = (request.order === "newest"
      ? this.sql(
          `SELECT ${HEADLINE} FROM items_fts JOIN items i ON i.id = items_fts.rowid
              WHERE ${where} AND ${kept} ORDER BY items_fts.rowid DESC LIMIT :limit OFFSET :offset`,
        ).all({ ...params, limit: request.limit, offset: request.offset })
      : // The newest RELEVANCE_WINDOW matches, ranked: bm25 is negative, better the lower, and
        // a month's age halves a match's weight. Older matches rank below them anyway.
        this.sql(
          `WITH hits AS (SELECT rowid AS id, bm25(items_fts, 10.0, 4.0, 1.0, 0.0) AS score
                FROM items_fts WHERE ${where} ORDER BY rowid DESC LIMIT ${RELEVANCE_WINDOW})
             SELECT ${HEADLINE} FROM hits JOIN items i ON i.id = hits.id WHERE ${kept}
              ORDER BY hits.score / (1.0 + MAX(0, :now - i.at) / 2592000000.0), i.id DESC
              LIMIT :limit OFFSET :offset`,
        ).all({
          ...params,
          now: request.now,
          limit: request.limit,
          offset: request.offset,
        })) as unknown as HeadlineRow[];
    // Counted in the index alone: "about" (a withdrawn match, or one of a feed carried at
    // another time, is counted too).
    const { total } = this.sql(
      `SELECT count(*) AS total FROM (SELECT 1 FROM items_fts WHERE ${where} LIMIT :cap)`,
    ).get({ match, ...bounds, cap: request.countLimit + 1 }) as {
      total: number;
    };
    return { hits: rows.map(toHeadline), total };
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

  async countIn(pub: string, ranges: readonly (readonly [number, number])[]): Promise<number[]> {
    const count = this.sql(
      `SELECT count(*) AS n FROM items i
        WHERE i.feed IN (SELECT feed FROM carriage WHERE publication = :pub)
          AND i.at >= :from AND i.at < :to AND ${CARRIED("")} AND ${NOT_WITHDRAWN}`,
    );
    return ranges.map(([from, to]) => (count.get({ pub, from, to }) as { n: number }).n);
  }

  async nearest(
    pub: string,
    moment: number,
    direction: "before" | "after",
  ): Promise<number | null> {
    const [pick, test] = direction === "before" ? ["max", "<"] : ["min", ">="];
    const row = this.sql(
      `SELECT ${pick}(i.at) AS at FROM items i
        WHERE i.feed IN (SELECT feed FROM carriage WHERE publication = :pub)
          AND i.at ${test} :moment AND ${CARRIED("")} AND ${NOT_WITHDRAWN}`,
    ).get({ pub, moment }) as { at: number | null };
    return row.at;
  }

  async span(pub: string): Promise<{ first: number; last: number } | null> {
    const row = this.sql(
      `SELECT min(i.at) AS first, max(i.at) AS last FROM items i
        WHERE i.feed IN (SELECT feed FROM carriage WHERE publication = :pub) AND ${CARRIED("")}`,
    ).get({ pub }) as { first: number | null; last: number | null };
    return row.first === null || row.last === null ? null : { first: row.first, last: row.last };
  }

  async wordsLike(word: string, limit: number): Promise<{ word: string; uses: number }[]> {
    const first = Array.from(word)[0];
    if (!first) return [];
    return this.sql(
      `SELECT word, uses FROM words WHERE word >= :low AND word < :high
         AND length(word) BETWEEN :short AND :long ORDER BY uses DESC LIMIT :limit`,
    ).all({
      low: first,
      high: `${first}\u{10FFFF}`,
      short: word.length - 2,
      long: word.length + 2,
      limit,
    }) as unknown as { word: string; uses: number }[];
  }
}
