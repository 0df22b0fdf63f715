import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { itemId, momentOf, nextId } from "./item-id";
import { wordsOf } from "./query";
import { ftsMatch } from "./sqlite-match";
import { SQLITE_MIGRATIONS } from "./sqlite-schema";
import type {
  ArchiveEngine,
  ArchiveItemInput,
  ArchivedHeadline,
  CarriageRow,
  EngineSearch,
  RecordOutcome,
  Withdrawal,
} from "./types";

/**
 * The embedded archive: one SQLite file through Node's own node:sqlite, in WAL mode, so
 * readers never wait on the writer and several processes on one host share it (each waits up
 * to a second for another's write lock). node:sqlite is synchronous: each statement is short
 * (an index or FTS5 read, a batch of one feed's items) and runs on the event loop.
 */

/** An hour: a known item's last sighting is renewed at most this often (carriage bounds). */
const SIGHTING_MS = 60 * 60 * 1000;
const WITHDRAWALS_CHANGED = "withdrawals-changed";

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

export class SqliteArchive implements ArchiveEngine {
  readonly kind = "sqlite" as const;
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();

  constructor(file: string) {
    if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    this.db = new DatabaseSync(file, { timeout: 1000 });
    this.db.exec(
      "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON",
    );
  }

  private sql(text: string): StatementSync {
    let statement = this.statements.get(text);
    if (!statement) this.statements.set(text, (statement = this.db.prepare(text)));
    return statement;
  }

  private transaction<T>(work: () => T): T {
    this.db.exec("BEGIN IMMEDIATE");
    try {
      const result = work();
      this.db.exec("COMMIT");
      return result;
    } catch (error) {
      this.db.exec("ROLLBACK");
      throw error;
    }
  }

  async migrate(): Promise<void> {
    this.transaction(() => {
      const { user_version: version } = this.db.prepare("PRAGMA user_version").get() as {
        user_version: number;
      };
      for (let next = version; next < SQLITE_MIGRATIONS.length; next++) {
        this.db.exec(SQLITE_MIGRATIONS[next]!);
        this.db.exec(`PRAGMA user_version = ${next + 1}`);
      }
    });
  }

  async record(
    feed: string,
    items: readonly ArchiveItemInput[],
    seenAt: number,
  ): Promise<RecordOutcome> {
    const outcome: RecordOutcome = { inserted: 0, updated: 0, unchanged: 0 };
    this.transaction(() => {
      for (const item of items) outcome[this.recordOne(feed, item, seenAt)]++;
    });
    return outcome;
  }

  private recordOne(feed: string, item: ArchiveItemInput, seenAt: number): keyof RecordOutcome {
    const known = this.sql(
      "SELECT id, title, description, body, link, image, last_seen FROM items WHERE feed = ? AND key = ?",
    ).get(feed, item.key) as
      | {
          id: number;
          title: string;
          description: string;
          body: string;
          link: string;
          image: string;
          last_seen: number;
        }
      | undefined;
    if (!known) {
      this.insert(feed, item, seenAt);
      return "inserted";
    }
    const body = item.body ?? known.body;
    const edited =
      known.title !== item.title ||
      known.description !== item.description ||
      known.body !== body ||
      known.link !== item.link ||
      known.image !== item.imageUrl;
    if (edited) {
      this.sql(
        "UPDATE items SET title = ?, description = ?, body = ?, link = ?, image = ?, last_seen = ? WHERE id = ?",
      ).run(item.title, item.description, body, item.link, item.imageUrl, seenAt, known.id);
      return "updated";
    }
    if (seenAt - known.last_seen >= SIGHTING_MS)
      this.sql("UPDATE items SET last_seen = ? WHERE id = ?").run(seenAt, known.id);
    return "unchanged";
  }

  private insert(feed: string, item: ArchiveItemInput, seenAt: number): void {
    const at = momentOf(item, seenAt);
    let id = itemId(feed, item.key, at);
    const values: SQLInputValue[] = [
      feed,
      item.key,
      item.title,
      item.description,
      item.body ?? "",
      item.link,
      item.imageUrl,
      item.publishedAt,
      seenAt,
      seenAt,
      at,
    ];
    for (;;) {
      const taken = this.sql("SELECT 1 FROM items WHERE id = ?").get(id);
      if (!taken) break;
      id = nextId(id);
    }
    this.sql(
      `INSERT INTO items (id, feed, key, title, description, body, link, image, published_at,
         first_seen, last_seen, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, ...values);
    const count = this.sql(
      "INSERT INTO words (word, uses) VALUES (?, 1) ON CONFLICT (word) DO UPDATE SET uses = uses + 1",
    );
    for (const word of new Set(wordsOf(`${item.title} ${item.description}`))) count.run(word);
  }

  async syncCarriage(rows: readonly CarriageRow[], at: number): Promise<void> {
    this.transaction(() => {
      const open = this.sql(
        "SELECT rowid, publication, section, feed, rank FROM carriage WHERE until IS NULL",
      ).all() as unknown as (CarriageRow & { rowid: number })[];
      const first = !this.sql("SELECT 1 FROM carriage LIMIT 1").get();
      const keyOf = (row: CarriageRow) =>
        `${row.publication}\n${row.section}\n${row.feed}\n${row.rank}`;
      const wanted = new Set(rows.map(keyOf));
      const inForce = new Set(open.map(keyOf));
      for (const row of open)
        if (!wanted.has(keyOf(row)))
          this.sql("UPDATE carriage SET until = ? WHERE rowid = ?").run(at, row.rowid);
      // The first carriage covers what was read before it; a later one, the last hour's reads.
      const since = first ? 0 : at - SIGHTING_MS;
      for (const row of rows)
        if (!inForce.has(keyOf(row)))
          this.sql(
            "INSERT INTO carriage (publication, section, feed, rank, since) VALUES (?, ?, ?, ?, ?)",
          ).run(row.publication, row.section, row.feed, row.rank, since);
    });
  }

  async search(request: EngineSearch): Promise<{ hits: ArchivedHeadline[]; total: number }> {
    const match = ftsMatch(request.query);
    if (!match) return { hits: [], total: 0 };
    const params: Record<string, SQLInputValue> = { pub: request.publication, match };
    let where = `items_fts MATCH :match AND ${CARRIED(request.section ? " AND c.section = :section" : "")} AND ${NOT_WITHDRAWN}`;
    if (request.section) params.section = request.section;
    if (request.from !== null) ((where += " AND i.at >= :from"), (params.from = request.from));
    if (request.to !== null) ((where += " AND i.at < :to"), (params.to = request.to));
    const from = "FROM items_fts JOIN items i ON i.id = items_fts.rowid";
    const order =
      request.order === "newest"
        ? "items_fts.rowid DESC"
        : // bm25 is negative, better the lower: a month's age halves a match's weight.
          "bm25(items_fts, 10.0, 4.0, 1.0) / (1.0 + MAX(0, :now - i.at) / 2592000000.0), items_fts.rowid DESC";
    const rows = this.sql(
      `SELECT ${HEADLINE} ${from} WHERE ${where} ORDER BY ${order} LIMIT :limit OFFSET :offset`,
    ).all({
      ...params,
      ...(request.order === "relevance" ? { now: request.now } : {}),
      limit: request.limit,
      offset: request.offset,
    }) as unknown as HeadlineRow[];
    const { total } = this.sql(
      `SELECT count(*) AS total FROM (SELECT 1 ${from} WHERE ${where} LIMIT :cap)`,
    ).get({ ...params, cap: request.countLimit + 1 }) as { total: number };
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

  async withdraw({ publication, link, by, at }: Withdrawal): Promise<boolean> {
    return this.transaction(() => {
      const { changes } = this.sql(
        "INSERT INTO withdrawals (publication, link, by, at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
      ).run(publication, link, by, at);
      if (changes > 0) this.changed(at);
      return changes > 0;
    });
  }

  async restore(publication: string, link: string): Promise<boolean> {
    return this.transaction(() => {
      const { changes } = this.sql(
        "DELETE FROM withdrawals WHERE publication = ? AND link = ?",
      ).run(publication, link);
      if (changes > 0) this.changed(Date.now());
      return changes > 0;
    });
  }

  private changed(at: number): void {
    this.sql(
      "INSERT INTO archive_state (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = max(value + 1, excluded.value)",
    ).run(WITHDRAWALS_CHANGED, at);
  }

  async withdrawals(): Promise<{ list: Withdrawal[]; changedAt: number }> {
    const list = this.sql(
      "SELECT publication, link, by, at FROM withdrawals",
    ).all() as unknown as Withdrawal[];
    const state = this.sql("SELECT value FROM archive_state WHERE name = ?").get(
      WITHDRAWALS_CHANGED,
    ) as { value: number } | undefined;
    return { list, changedAt: state?.value ?? 0 };
  }

  async prune(before: number): Promise<number> {
    return this.transaction(() =>
      Number(this.sql("DELETE FROM items WHERE at < ?").run(before).changes),
    );
  }

  async close(): Promise<void> {
    if (this.db.isOpen) this.db.close();
  }
}
