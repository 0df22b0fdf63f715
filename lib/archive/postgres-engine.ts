import {
  CARRIAGE_LOCK,
  MIGRATION_LOCK,
  MIGRATIONS_TABLE,
  POSTGRES_MIGRATIONS,
} from "./postgres-schema";
import {
  BETWEEN,
  PRUNE,
  RESTORE,
  STORY,
  WITHDRAW,
  NEAREST_AFTER,
  NEAREST_BEFORE,
  SPAN,
} from "./postgres-query";
import { bound, postgresSearch, toHeadline } from "./postgres-search";
import { carriageChanges } from "./carriage";
import { countIn } from "./postgres-counts";
import { PRUNE_STEP, writeSteps } from "./item-id";
import * as stories from "./postgres-stories";
import { STORY_WINDOW_MS } from "./stories/assign";
import { backfillStep } from "./stories/upkeep";
import { splitStory } from "./stories/split";
import { PostgresPool, type Query } from "./postgres-pool";
import { recordBatches } from "./postgres-record";
import { fillPairsStep } from "./postgres-pairs";
import { buildFeedIndex, FeedShares } from "./postgres-feed-index";
import { logger } from "../ops";
import { backfill, type Backfill } from "./backfill";
import type {
  ArchiveEngine,
  ArchivedHeadline,
  CarriageRow,
  EngineSearch,
  EngineSearchPage,
  RecordBatch,
  RecordOutcome,
  Withdrawal,
} from "./types";

/**
 * The shared archive: PostgreSQL (15 or later) through a small pool of the `pg` client
 * (postgres-pool.ts: its time limits, ArchiveUnavailableError), for a network of instances
 * that all read and write one archive. The same contract as the embedded engine
 * (sqlite-engine.ts); the differences are PostgreSQL's own: the 'english' configuration's
 * stemmer and stop words (postgres-query.ts), relevance weighed in SQL, several instances
 * writing at once (advisory locks, ON CONFLICT: postgres-record.ts).
 */

const WITHDRAWALS_CHANGED = "withdrawals-changed";

export class PostgresArchive implements ArchiveEngine {
  readonly kind = "postgresql" as const;
  private readonly pool: PostgresPool;
  private readonly query: Query;

  private readonly storyWindowMs: number;
  /** The word pairs' backfill (postgres-pairs.ts), from migrate() to close(). */
  private filling: Backfill | null = null;
  /** The index of feeds and words' build (postgres-feed-index.ts), from migrate() to close(). */
  private indexing: Backfill | null = null;
  /** Each publication's feeds' share of the items, for the search's plan (postgres-plan.ts). */
  private readonly shares = new FeedShares();

  constructor(
    private readonly url: string,
    options: { storyWindowMs?: number } = {},
  ) {
    this.storyWindowMs = options.storyWindowMs ?? STORY_WINDOW_MS;
    this.pool = new PostgresPool(url);
    this.query = this.pool.query;
  }

  async migrate(): Promise<void> {
    await this.pool.longTransaction(async (query) => {
      // Held to the transaction's end: the other instances wait here, then find it done.
      await query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
      await query(MIGRATIONS_TABLE);
      const [row] = await query<{ version: number | null }>(
        "SELECT max(version) AS version FROM archive_migrations",
      );
      for (let next = row?.version ?? 0; next < POSTGRES_MIGRATIONS.length; next++) {
        await query(POSTGRES_MIGRATIONS[next]!);
        await query("INSERT INTO archive_migrations (version) VALUES ($1)", [next + 1]);
      }
    });
    this.filling ??= backfill(() => this.pool.longTransaction((query) => fillPairsStep(query)));
    this.indexing ??= buildFeedIndex(
      this.url,
      (pid) => this.query("SELECT pg_cancel_backend($1)", [pid]),
      {
        unavailable: (reason) =>
          logger().warn(
            { event: "archive-feed-index-unavailable", reason },
            `archive: no index of feeds and words (btree_gin: ${reason}); searches read the words' index alone`,
          ),
        failed: (error) =>
          logger().warn(
            {
              event: "archive-feed-index-failed",
              err: error instanceof Error ? error.message : String(error),
            },
            "archive: building the index of feeds and words failed; trying again in a minute",
          ),
      },
    );
  }

  /**
   * A flush may take longer than a reader's query may: its own connection and time, in steps
   * of WRITE_STEP items, a transaction each (the embedded engine's steps). A step cut short is
   * rolled back; the recorder writes the reads again and finds what was written unchanged.
   */
  async record(batches: readonly RecordBatch[]): Promise<RecordOutcome> {
    const outcome: RecordOutcome = { inserted: 0, updated: 0, unchanged: 0 };
    for (const step of writeSteps(batches)) {
      const done = await this.pool.longTransaction((query) =>
        recordBatches(query, step, this.storyWindowMs),
      );
      outcome.inserted += done.inserted;
      outcome.updated += done.updated;
      outcome.unchanged += done.unchanged;
    }
    return outcome;
  }

  async syncCarriage(rows: readonly CarriageRow[], at: number): Promise<void> {
    await this.pool.transaction(async (query) => {
      // One instance at a time: two opening the same row at once would open it twice.
      await query("SELECT pg_advisory_xact_lock($1)", [CARRIAGE_LOCK]);
      const open = await query<CarriageRow & { id: number }>(
        "SELECT id, publication, section, feed, rank FROM carriage WHERE until IS NULL",
      );
      const [any] = await query("SELECT 1 FROM carriage LIMIT 1");
      const { closing, opening, since } = carriageChanges(open, rows, at, !any);
      if (closing.length > 0)
        await query("UPDATE carriage SET until = $1 WHERE id = ANY($2::bigint[])", [
          Math.round(at),
          closing,
        ]);
      if (opening.length > 0)
        await query(
          `INSERT INTO carriage (publication, section, feed, rank, since)
            SELECT publication, section, feed, rank, $5
            FROM unnest($1::text[], $2::text[], $3::text[], $4::integer[])
              AS r(publication, section, feed, rank)`,
          [
            opening.map((row) => row.publication),
            opening.map((row) => row.section),
            opening.map((row) => row.feed),
            opening.map((row) => row.rank),
            since,
          ],
        );
    });
  }

  search(request: EngineSearch): Promise<EngineSearchPage> {
    return postgresSearch(this.pool, request, this.shares);
  }

  async between(pub: string, from: number, to: number, limit: number): Promise<ArchivedHeadline[]> {
    const rows = await this.query<Record<string, unknown>>(BETWEEN, [
      pub,
      bound(from),
      bound(to),
      limit,
    ]);
    return rows.map(toHeadline);
  }

  async story(pub: string, story: string): Promise<ArchivedHeadline[]> {
    if (!/^\d{1,16}$/.test(story)) return [];
    const rows = await this.query<Record<string, unknown>>(STORY, [pub, story]);
    return rows.map(toHeadline);
  }

  storiesOf: ArchiveEngine["storiesOf"] = (pub, links) =>
    stories.postgresStoriesOf(this.query, pub, links);
  storyChanges: ArchiveEngine["storyChanges"] = (since) =>
    stories.postgresStoryChanges(this.query, since);
  splitStory: ArchiveEngine["splitStory"] = (split, undo) =>
    this.pool.transaction(async (query) => {
      await query("SELECT pg_advisory_xact_lock($1)", [stories.STORY_LOCK]);
      return splitStory(stories.postgresStoryStore(query), split, undo, this.storyWindowMs);
    });

  /** Counts from feed_hours, corrected by carriage and withdrawals (postgres-counts.ts). */
  countIn: ArchiveEngine["countIn"] = (pub, ranges) => countIn(this.query, pub, ranges);

  async nearest(
    pub: string,
    moment: number,
    direction: "before" | "after",
  ): Promise<number | null> {
    const [row] = await this.query<{ at: number | null }>(
      direction === "before" ? NEAREST_BEFORE : NEAREST_AFTER,
      [pub, bound(moment)],
    );
    return row?.at ?? null;
  }

  async span(pub: string): Promise<{ first: number; last: number } | null> {
    const [row] = await this.query<{ first: number | null; last: number | null }>(SPAN, [pub]);
    return !row || row.first === null || row.last === null
      ? null
      : { first: row.first, last: row.last };
  }

  async wordsLike(word: string, limit: number): Promise<{ word: string; uses: number }[]> {
    const first = Array.from(word)[0];
    if (!first) return [];
    return this.query(
      `SELECT word, uses FROM words WHERE word >= $1 AND word < $2
         AND length(word) BETWEEN $3 AND $4 ORDER BY uses DESC, word LIMIT $5`,
      [first, `${first}\u{10FFFF}`, word.length - 2, word.length + 2, limit],
    );
  }

  async withdraw({ publication, link, by, at }: Withdrawal): Promise<boolean> {
    const [row] = await this.query<{ n: number }>(WITHDRAW, [
      publication,
      link,
      by,
      Math.round(at),
      WITHDRAWALS_CHANGED,
    ]);
    return (row?.n ?? 0) > 0;
  }

  async restore(publication: string, link: string): Promise<boolean> {
    const [row] = await this.query<{ n: number }>(RESTORE, [
      publication,
      link,
      WITHDRAWALS_CHANGED,
      Date.now(),
    ]);
    return (row?.n ?? 0) > 0;
  }

  async withdrawals(): Promise<{ list: Withdrawal[]; changedAt: number }> {
    const [list, state] = await Promise.all([
      this.query<Withdrawal>(
        `SELECT publication, link, withdrawn_by AS "by", at FROM withdrawals
          ORDER BY publication, link`,
      ),
      this.query<{ value: number }>("SELECT value FROM archive_state WHERE name = $1", [
        WITHDRAWALS_CHANGED,
      ]),
    ]);
    return { list, changedAt: state[0]?.value ?? 0 };
  }

  /** One step of the stories' backfill, one instance at a time. */
  async groupStories(limit: number): Promise<number> {
    return this.pool.longTransaction(async (query) => {
      await query("SELECT pg_advisory_xact_lock($1)", [stories.STORY_LOCK]);
      return backfillStep(stories.postgresStoryStore(query), limit, this.storyWindowMs);
    });
  }

  async prune(before: number): Promise<number> {
    let removed = 0;
    for (;;) {
      const [row] = await this.query<{ n: number }>(PRUNE, [bound(before), PRUNE_STEP]);
      const gone = Number(row?.n ?? 0);
      removed += gone;
      if (gone < PRUNE_STEP) return removed;
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.filling?.stop(), this.indexing?.stop()]);
    await this.pool.end();
  }
}
