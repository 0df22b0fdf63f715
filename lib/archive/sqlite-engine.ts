import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { isEdited, itemId, momentOf, nextId, SIGHTING_MS } from "./item-id";
import { wordsOf } from "./query";
import { SqliteReads } from "./sqlite-reads";
import { SQLITE_MIGRATIONS } from "./sqlite-schema";
import type {
  ArchiveEngine,
  ArchiveItemInput,
  CarriageRow,
  EngineSearch,
  RecordBatch,
  RecordOutcome,
  Withdrawal,
} from "./types";

/**
 * The embedded archive: one SQLite file through Node's own node:sqlite, in WAL mode, so
 * readers never wait on the writer and several processes on one host share it (each waits up
 * to a second for another's write lock). node:sqlite is synchronous: each statement is short
 * (an index or FTS5 read, a batch of one feed's items) and runs on the event loop.
 */

const WITHDRAWALS_CHANGED = "withdrawals-changed";

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

  async record(batches: readonly RecordBatch[]): Promise<RecordOutcome> {
    const outcome: RecordOutcome = { inserted: 0, updated: 0, unchanged: 0 };
    // The batch's new words counted first, each written once.
    const words = new Map<string, number>();
    this.transaction(() => {
      for (const { feed, items, seenAt } of batches)
        for (const item of items) outcome[this.recordOne(feed, item, seenAt, words)]++;
      const count = this.sql(
        "INSERT INTO words (word, uses) VALUES (?, ?) ON CONFLICT (word) DO UPDATE SET uses = uses + excluded.uses",
      );
      for (const [word, uses] of words) count.run(word, uses);
    });
    return outcome;
  }

  private recordOne(
    feed: string,
    item: ArchiveItemInput,
    seenAt: number,
    words: Map<string, number>,
  ): keyof RecordOutcome {
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
      for (const word of new Set(wordsOf(`${item.title} ${item.description}`)))
        words.set(word, (words.get(word) ?? 0) + 1);
      return "inserted";
    }
    const body = item.body ?? known.body;
    if (isEdited(known, { ...item, body })) {
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
      this.feedToken(feed),
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
      `INSERT INTO items (id, feed, feed_token, key, title, description, body, link, image,
         published_at, first_seen, last_seen, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, ...values);
  }

  /** The feed's token in items_fts ("f" and its number), numbered on first sight. */
  private feedToken(url: string): string {
    this.sql("INSERT INTO feeds (url) VALUES (?) ON CONFLICT (url) DO NOTHING").run(url);
    const { id } = this.sql("SELECT id FROM feeds WHERE url = ?").get(url) as { id: number };
    return `f${id}`;
  }

  /** The tokens of every feed the publication ever carried (in one section). */
  private feedTokens(publication: string, section: string | null): string[] {
    const rows = this.sql(
      `SELECT DISTINCT 'f' || f.id AS token FROM carriage c JOIN feeds f ON f.url = c.feed
        WHERE c.publication = ? AND (? IS NULL OR c.section = ?)`,
    ).all(publication, section, section) as { token: string }[];
    return rows.map((row) => row.token);
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

  private readonly reads = new SqliteReads(
    (text) => this.sql(text),
    (publication, section) => this.feedTokens(publication, section),
  );
  search = (request: EngineSearch) => this.reads.search(request);
  between: ArchiveEngine["between"] = (...args) => this.reads.between(...args);
  countIn: ArchiveEngine["countIn"] = (...args) => this.reads.countIn(...args);
  nearest: ArchiveEngine["nearest"] = (...args) => this.reads.nearest(...args);
  span: ArchiveEngine["span"] = (...args) => this.reads.span(...args);
  wordsLike: ArchiveEngine["wordsLike"] = (...args) => this.reads.wordsLike(...args);

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
