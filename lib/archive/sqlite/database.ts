import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { backfill, type Backfill } from "../backfill.ts";
import { carriageChanges } from "../carriage.ts";
import { countRanges, type FeedCarriage } from "../hour-counts.ts";
import { firstIdAt, LOW_BITS, PRUNE_STEP } from "../item-id.ts";
import { STORY_WINDOW_MS } from "../stories/assign.ts";
import { backfillStep } from "../stories/upkeep.ts";
import { splitStory } from "../stories/split.ts";
import { searchIndex } from "./match.ts";
import { PAIRS_STEP, PairWrites, Stemmer } from "./pairs.ts";
import { sqliteStoryStore } from "./stories.ts";
import { SqliteReads } from "./reads.ts";
import { SqliteStoryReads } from "./story-reads.ts";
import { SqliteWrites } from "./writes.ts";
import { SQLITE_MIGRATIONS } from "./schema.ts";
import type {
  ArchiveEngine,
  CarriageRow,
  EngineSearch,
  RecordBatch,
  RecordOutcome,
  StorySplit,
  Withdrawal,
} from "../types";

/**
 * The embedded archive's database: one SQLite file through Node's own node:sqlite, in WAL
 * mode, so readers never wait on the writer and several processes on one host share it (each
 * waits up to a second for another's write lock). node:sqlite is synchronous, so this class
 * runs only inside the archive's worker threads (worker.ts), never on the thread that serves
 * pages: one connection writes (record, carriage, withdrawals, prune, migrations), others only
 * read (`readOnly`). client.ts is the engine the server holds.
 */

const WITHDRAWALS_CHANGED = "withdrawals-changed";

/**
 * Pages the write-ahead log gathers before the writer copies them into the file: about 40 MB,
 * six steps of a flush at a million headlines. Ingest into a copy of a million-headline
 * archive, 40,000 items, alternated five times with SQLite's 1,000: 7 to 11% more items a second.
 */
const WAL_CHECKPOINT_PAGES = 10_000;

export class SqliteDatabase implements Omit<ArchiveEngine, "kind"> {
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();

  private readonly reads: SqliteReads;
  private readonly storyReads: SqliteStoryReads;
  private readonly writes: SqliteWrites;
  private readonly storyWindowMs: number;
  private readonly stemmer = new Stemmer();
  private readonly pairs: PairWrites;
  private filling: Backfill | null = null;

  constructor(file: string, options: { readOnly?: boolean; storyWindowMs?: number } = {}) {
    const readOnly = options.readOnly === true;
    if (file !== ":memory:" && !readOnly)
      mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    // A writer waits a second for another process's write lock. A reader waits on a lock only
    // when another process holds the whole file; it waits longer than its deadline
    // (client.ts), which then decides, and ends the thread.
    this.db = new DatabaseSync(file, { timeout: readOnly ? 10_000 : 1000, readOnly });
    // A reader's connection finds WAL set by the writer's (it is kept in the file). The writer
    // keeps 32 MB of pages (SQLite's default is 2): the indexes a flush writes into (search's,
    // the stories' words) stay in memory; ingest with stories 1,270 items/s at 100,000, 1,080.
    // It copies the log into the file (a checkpoint, with its two syncs) once the log holds
    // WAL_CHECKPOINT_PAGES, not SQLite's 1,000: at a million headlines a step of 500 items
    // writes about 1,650 pages, so each step paid a checkpoint of its own, and pages written
    // by several steps (the search index's, the words', the hours') were copied each time.
    if (!readOnly)
      this.db.exec(
        `PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;
         PRAGMA cache_size = -32768; PRAGMA wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`,
      );
    this.storyWindowMs = options.storyWindowMs ?? STORY_WINDOW_MS;
    this.pairs = new PairWrites((text) => this.sql(text), this.stemmer);
    this.writes = new SqliteWrites(
      (text) => this.sql(text),
      (work) => this.asyncTransaction(work),
      this.storyWindowMs,
      this.pairs,
    );
    this.storyReads = new SqliteStoryReads((text) => this.sql(text));
    this.reads = new SqliteReads(
      (text) => this.sql(text),
      (request) =>
        searchIndex(request, this.feedTokens(request.publication, request.section), {
          stemmer: this.stemmer,
          from: () => this.pairs.from(),
        }),
      this.stemmer,
    );
  }

  private sql(text: string): StatementSync {
    let statement = this.statements.get(text);
    if (statement) return statement;
    statement = this.db.prepare(text);
    // A statement that answers no rows is run for what it writes, and run() reports the
    // connection's last rowid: after a commit that wrote pairs_fts's tombstones (rowids past
    // 2^53, contentless_delete), that rowid as a number throws, and failed every later write.
    if (statement.columns().length === 0) statement.setReadBigInts(true);
    this.statements.set(text, statement);
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

  /**
   * A transaction around work that awaits (the stories' store answers at once): the writer's
   * thread takes one call at a time, so nothing else runs on the connection meanwhile.
   */
  private async asyncTransaction<T>(work: () => Promise<T>): Promise<T> {
    this.db.exec("BEGIN IMMEDIATE");
    try {
      const result = await work();
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
    // The word pairs' backfill, between this thread's calls (pairs.ts).
    this.filling = backfill(() => this.transaction(() => this.pairs.fillStep(PAIRS_STEP)));
  }

  /** Records the reads in steps (writes.ts). */
  async record(batches: readonly RecordBatch[]): Promise<RecordOutcome> {
    return this.writes.record(batches);
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
        "SELECT rowid AS id, publication, section, feed, rank FROM carriage WHERE until IS NULL",
      ).all() as unknown as (CarriageRow & { id: number })[];
      const first = !this.sql("SELECT 1 FROM carriage LIMIT 1").get();
      const { closing, opening, since } = carriageChanges(open, rows, at, first);
      for (const id of closing)
        this.sql("UPDATE carriage SET until = ? WHERE rowid = ?").run(at, id);
      for (const row of opening)
        this.sql(
          "INSERT INTO carriage (publication, section, feed, rank, since) VALUES (?, ?, ?, ?, ?)",
        ).run(row.publication, row.section, row.feed, row.rank, since);
    });
  }

  search = (request: EngineSearch) => this.reads.search(request);
  between: ArchiveEngine["between"] = (...args) => this.reads.between(...args);
  story: ArchiveEngine["story"] = (...args) => this.storyReads.story(...args);
  storiesOf: ArchiveEngine["storiesOf"] = (...args) => this.storyReads.storiesOf(...args);
  storyChanges: ArchiveEngine["storyChanges"] = (...args) => this.storyReads.storyChanges(...args);
  nearest: ArchiveEngine["nearest"] = (...args) => this.reads.nearest(...args);
  span: ArchiveEngine["span"] = (...args) => this.reads.span(...args);
  wordsLike: ArchiveEngine["wordsLike"] = (...args) => this.reads.wordsLike(...args);

  /** Counts from feed_hours, corrected by carriage and withdrawals (hour-counts.ts). */
  async countIn(pub: string, ranges: readonly (readonly [number, number])[]): Promise<number[]> {
    let rows: FeedCarriage[] = [];
    return countRanges(ranges, {
      carriage: () =>
        (rows = this.sql(
          `SELECT c.feed, c.since, c.until, f.first_seen AS firstSeen FROM carriage c
            LEFT JOIN feed_firsts f ON f.feed = c.feed WHERE c.publication = ?`,
        ).all(pub) as unknown as FeedCarriage[]),
      // A statement a range: each a few index reads in this worker, no round trip to save.
      hours: (feeds, spans) => {
        const hours = this.sql(
          `SELECT coalesce(sum(items), 0) AS n FROM feed_hours
            WHERE feed IN (SELECT value FROM json_each(?)) AND hour >= ? AND hour < ?`,
        );
        const list = JSON.stringify(feeds);
        return spans.map(([first, end]) => (hours.get(list, first, end) as { n: number }).n);
      },
      exact: (feeds, spans) =>
        spans.map(([from, to]) => this.reads.carriedIn(pub, feeds, from, to, rows)),
      withdrawn: (spans) => spans.map(([from, to]) => this.reads.withdrawnIn(pub, from, to)),
    });
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

  /** An editor's split of a link out of its story, or its undoing (stories/split.ts). */
  async splitStory(split: StorySplit, undo: boolean): Promise<boolean | null> {
    return this.asyncTransaction(() =>
      splitStory(
        sqliteStoryStore((text) => this.sql(text)),
        split,
        undo,
        this.storyWindowMs,
      ),
    );
  }

  /** One step of the stories' backfill. */
  async groupStories(limit: number): Promise<number> {
    return this.asyncTransaction(() =>
      backfillStep(
        sqliteStoryStore((text) => this.sql(text)),
        limit,
        this.storyWindowMs,
      ),
    );
  }

  /** Removes old items PRUNE_STEP at a time, a transaction each, their hours lowered. */
  async prune(before: number): Promise<number> {
    let removed = 0;
    for (;;) {
      const gone = this.transaction(() => {
        const rows = this.sql(
          // Ids are ordered by moment (item-id.ts): the oldest are the primary key's first.
          `DELETE FROM items WHERE id IN (
             SELECT id FROM items WHERE id < ? AND at < ? ORDER BY id LIMIT ?
           ) RETURNING feed, at`,
        ).all(firstIdAt(before) + LOW_BITS, before, PRUNE_STEP) as { feed: string; at: number }[];
        this.writes.countHours(rows, -1);
        return rows.length;
      });
      removed += gone;
      if (gone < PRUNE_STEP) return removed;
    }
  }

  async close(): Promise<void> {
    await this.filling?.stop();
    this.stemmer.close();
    if (this.db.isOpen) this.db.close();
  }
}
