import pg from "pg";
import { backfill, type Backfill } from "./backfill";
import type { Query } from "./postgres-pool";

/**
 * The shared engine's index of each row's feed beside its words: one GIN index of
 * (feed, search), through the btree_gin extension (PostgreSQL's contrib, trusted: a database's
 * owner may create it). A GIN index of the words alone finds a rare word's rows in the whole
 * network, and each is then read from the table to be kept to the publication's feeds: at ten
 * million headlines a word in 836 rows of 3,000 publications' took 161 ms at p50 from disk, for
 * the two or three of one publication. Asked a feed and a word together, this index finds
 * only the feed's rows of the word among its own entries (GIN intersects the two lists,
 * skipping through the longer), and only those rows are read. A search asks it once a feed
 * (postgres-query.ts, the "feeds" plan). It answers a question of the words alone as the
 * index it replaces did: its words' entries are the same.
 *
 * It is built in the background, never in a migration: at ten million headlines the build
 * takes tens of minutes, past a migration's minute, and a plain CREATE INDEX would stop every
 * write to items for as long. CREATE INDEX CONCURRENTLY lets the recorders write beside it; one
 * instance builds at a time (a session's advisory lock), on a connection of its own with no
 * statement timeout; the words' own index is dropped once this one is valid. Searches use it
 * once PostgreSQL says it is valid (postgres-plan.ts), and read as before until then. A build
 * cut short (the instance stopped: its statement cancelled) leaves an invalid index, which the
 * next build drops first. Without btree_gin (a server without contrib, a role that may not
 * create it) nothing is built and searches read as before; the instance says so once.
 */

export const FEED_INDEX = "items_feed_search";
/** The index of the words alone (postgres-schema.ts, version 1), dropped once FEED_INDEX is valid. */
const WORDS_INDEX = "items_search";
/** pg_try_advisory_lock's key for the build: one instance builds at a time. */
export const FEED_INDEX_LOCK = 7_466_270_005;

/** Whether FEED_INDEX is valid, as a column of a query. */
export const FEED_INDEX_VALID = `coalesce((SELECT indisvalid FROM pg_index
  WHERE indexrelid = to_regclass('${FEED_INDEX}')), false)`;

/** SQLSTATEs of btree_gin not to be had: no such file, feature or object; no privilege. */
const NO_EXTENSION = /^(58P01|0A000|42704|42501)$/;
/** A build that failed (the server away, its disk full) is tried again after this long. */
const FAILED_PAUSE_MS = 60_000;

/**
 * One attempt at the index, on a connection of its own: 0 when the index is there (or cannot
 * be), -1 when another instance is building it. `running` is told the connection's backend
 * while it works, so that a stop can cancel its statement.
 */
async function buildStep(
  url: string,
  running: (pid: number | null) => void,
  unavailable: (reason: string) => void,
): Promise<number> {
  const client = new pg.Client({
    connectionString: url,
    application_name: "riverbend-archive-index",
    connectionTimeoutMillis: 1000,
  });
  client.on("error", () => {});
  await client.connect();
  try {
    const lock = await client.query<{ got: boolean; pid: number }>(
      "SELECT pg_try_advisory_lock($1) AS got, pg_backend_pid() AS pid",
      [FEED_INDEX_LOCK],
    );
    if (!lock.rows[0]?.got) return -1;
    running(lock.rows[0].pid);
    await client.query("SET statement_timeout = 0");
    const state = await client.query<{ valid: boolean | null }>(
      "SELECT (SELECT indisvalid FROM pg_index WHERE indexrelid = to_regclass($1)) AS valid",
      [FEED_INDEX],
    );
    const valid = state.rows[0]?.valid ?? null;
    if (valid === false) await client.query(`DROP INDEX CONCURRENTLY ${FEED_INDEX}`);
    if (valid !== true) {
      try {
        await client.query("CREATE EXTENSION IF NOT EXISTS btree_gin");
      } catch (error) {
        const { code, message } = error as { code?: string; message?: string };
        if (!code || !NO_EXTENSION.test(code)) throw error;
        unavailable(message ?? code);
        return 0;
      }
      await client.query(
        `CREATE INDEX CONCURRENTLY ${FEED_INDEX} ON items USING gin (feed, search)`,
      );
    }
    await client.query(`DROP INDEX CONCURRENTLY IF EXISTS ${WORDS_INDEX}`);
    return 0;
  } finally {
    running(null);
    await client.end().catch(() => {});
  }
}

/**
 * Builds FEED_INDEX in the background until it is there (buildStep), tried again a minute
 * after a failure, which `report` is told of. stop() cancels a build under way (PostgreSQL
 * rolls it back to an invalid index) and resolves once it has ended; `cancel` runs
 * pg_cancel_backend on another connection.
 */
export function buildFeedIndex(
  url: string,
  cancel: (pid: number) => Promise<unknown>,
  report: { unavailable(reason: string): void; failed(error: unknown): void },
): Backfill {
  let pid: number | null = null;
  let stopped = false;
  const build = backfill(
    async () => {
      try {
        return await buildStep(
          url,
          (running) => {
            pid = running;
          },
          report.unavailable,
        );
      } catch (error) {
        if (!stopped) report.failed(error);
        throw error;
      }
    },
    { failedPauseMs: FAILED_PAUSE_MS },
  );
  return {
    stop: async () => {
      stopped = true;
      const stopping = build.stop();
      if (pid !== null) await cancel(pid).catch(() => {});
      await stopping;
    },
  };
}

/**
 * How PostgreSQL's planner reckons a feed's share of the items (pg_stats of items.feed): its
 * most common feeds with their frequencies, and what those leave divided among the rest (the
 * share of any other feed). Feeds differ tenfold (at ten million headlines a national feed of
 * many publications held 30,000 items, the average feed 3,000), and how many rows a feed's
 * matches are is what the "feeds" plan costs. No row before the table's first ANALYZE.
 */
const FEED_STATS = `SELECT s.most_common_vals::text::text[] AS feeds, s.most_common_freqs AS freqs,
    (1 - coalesce((SELECT sum(f) FROM unnest(s.most_common_freqs) AS f), 0))
      / greatest(1, (CASE WHEN s.n_distinct < 0
          THEN -s.n_distinct * (SELECT reltuples FROM pg_class WHERE oid = 'items'::regclass)
          ELSE s.n_distinct END) - coalesce(cardinality(s.most_common_freqs), 0)) AS rest
  FROM pg_stats AS s
  WHERE s.schemaname = current_schema() AND s.tablename = 'items' AND s.attname = 'feed'`;

/** The statistics are read again after this long: they change as autovacuum analyzes. */
const STATS_KEPT_MS = 10 * 60_000;

interface FeedStats {
  common: Map<string, number>;
  rest: number;
}

/**
 * The share of the items in a publication's feeds, from FEED_STATS, read once every
 * STATS_KEPT_MS (pg_stats and its most common values take about 4 ms to read, the rest of a
 * search's plan under 1).
 */
export class FeedShares {
  private stats: { value: FeedStats | null; at: number } | null = null;

  /** The feeds' share of the items; null before the table is analyzed, or without feeds. */
  async of(query: Query, feeds: readonly string[]): Promise<number | null> {
    const now = performance.now();
    if (!this.stats || now - this.stats.at >= STATS_KEPT_MS) {
      const [row] = await query<{ feeds: string[] | null; freqs: number[] | null; rest: number }>(
        FEED_STATS,
      );
      const common = new Map<string, number>();
      (row?.feeds ?? []).forEach((feed, n) => common.set(feed, Number(row?.freqs?.[n] ?? 0)));
      this.stats = { value: row ? { common, rest: Number(row.rest) } : null, at: now };
    }
    const stats = this.stats.value;
    if (!stats || feeds.length === 0) return null;
    return feeds.reduce((sum, feed) => sum + (stats.common.get(feed) ?? stats.rest), 0);
  }
}
