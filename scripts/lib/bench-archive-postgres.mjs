/**
 * The PostgreSQL half of scripts/bench-archive.mjs: Debian's server on a port and folder of its
 * own (e2e/postgres/server.cjs), the shared engine filled like the embedded one, and its
 * reference: the same words asked of PostgreSQL directly (websearch_to_tsquery over the
 * items' tsvector, no publication, withdrawal or section to honour), the same days as a range
 * of the (feed, at) index.
 */
import { existsSync, writeFileSync } from "node:fs";
import pg from "pg";
import postgresServer from "../../e2e/postgres/server.cjs";
import { copyArchive } from "./bench-archive-copy.mjs";

const ZONE = "America/Chicago";

/** @import { ArchiveEngine, CarriageRow, RecordBatch } from "../../lib/archive/types.ts" */
/** @import { QueryResult } from "pg" */

/**
 * What the bench's fill gives back: its pace, and the samples and words its queries are made of.
 * @typedef {{ rate: number; seconds: number; samples: RecordBatch[]; words: string[] }} Filled
 */

/**
 * The same questions asked of PostgreSQL directly, for the engine's figures to be read against.
 * @typedef {{
 *   words: (text: string, order: string, from?: number, to?: number) => Promise<QueryResult>;
 *   count: (pub: string, from: number, to: number) => Promise<number>;
 *   day: (pub: string, from: number, to: number) => Promise<QueryResult>;
 *   story: (id: string) => Promise<QueryResult>;
 *   links: (links: string[]) => Promise<QueryResult>;
 *   month: (pub: string, at: { year: number; month: number }) => Promise<void>;
 * }} Reference
 */

/**
 * The PostgreSQL half of the bench, run with the bench's own steps (scripts/bench-archive.mjs).
 * @param {{
 *   dir: string | null;
 *   copy: string | null;
 *   now: { file: (dir: string) => string; at: number };
 *   carriage: CarriageRow[];
 *   fill: (
 *     engine: ArchiveEngine,
 *     carriage: CarriageRow[],
 *     write: boolean,
 *     held: number,
 *   ) => Promise<Filled>;
 *   ingestAlone: (engine: ArchiveEngine, samples: RecordBatch[]) => Promise<number>;
 *   ingestKnown: (engine: ArchiveEngine, samples: RecordBatch[]) => Promise<number>;
 *   measure: (
 *     name: string,
 *     engine: ArchiveEngine,
 *     reference: Reference,
 *     words: string[],
 *     samples: RecordBatch[],
 *   ) => Promise<void>;
 *   report: (filled: Filled, alone: number, known: number) => void;
 *   jiti: import("jiti").Jiti;
 *   folderBytes: (dir: string) => number;
 *   besideTheCrawl: (name: string, env: Record<string, string>, filled: Filled) => Promise<void>;
 * }} bench
 */
export async function postgres({
  dir,
  copy,
  now,
  carriage,
  fill,
  ingestAlone,
  ingestKnown,
  measure,
  report,
  jiti,
  folderBytes,
  besideTheCrawl,
}) {
  /** @type {typeof import("../../lib/archive/postgres-engine.ts")} */
  const { PostgresArchive } = await jiti.import("../../lib/archive/postgres-engine.ts");
  /** @type {typeof import("../../lib/archive/days.ts")} */
  const { dayRange, daysInMonth } = await jiti.import("../../lib/archive/days.ts");
  const server = await postgresServer.startPostgres(dir ? { dir } : {});
  try {
    if (dir && !existsSync(now.file(dir)))
      writeFileSync(now.file(dir), JSON.stringify({ now: now.at }));
    let held = dir ? await heldBy(server.url) : 0;
    const before = process.memoryUsage().rss;
    const engine = new PostgresArchive(server.url);
    const copied = copy !== null && held === 0;
    /** @type {typeof import("../../lib/archive/postgres-feed-index.ts")} */
    const { FEED_INDEX_LOCK, FEED_INDEX_VALID } = await jiti.import(
      "../../lib/archive/postgres-feed-index.ts",
    );
    if (copied) {
      console.log(`\nPostgreSQL: a copy of ${copy}…`);
      await engine.migrate();
      /** @type {typeof import("../../lib/archive/postgres-query.ts")} */
      const folding = await jiti.import("../../lib/archive/postgres-query.ts");
      await copyArchive(server.url, copy, { ...folding, FEED_INDEX_LOCK }, (line) =>
        console.log(line),
      );
      held = await heldBy(server.url);
    }
    const doing = held ? `resuming after ${held.toLocaleString("en-US")} headlines` : "filling";
    console.log(`\nPostgreSQL: ${doing} ${server.dir}…`);
    const filled = await fill(engine, carriage, true, held);
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    // Before ANALYZE, which waits for the build's lock on the items while the build waits for
    // it to end: PostgreSQL ends one of the two as a deadlock.
    await feedIndexBuilt(client, FEED_INDEX_VALID);
    await client.query("ANALYZE");
    // A fill that wrote nothing (the folder full already) has no pace to tell; after a copy,
    // what was left of the corpus (a few headlines the copy holds) neither, but polls' have.
    if (filled.rate > 0 || copied)
      report(
        copied ? { ...filled, rate: 0 } : filled,
        await ingestAlone(engine, filled.samples),
        await ingestKnown(engine, filled.samples),
      );
    /** @type {Map<string, string[]>} */
    const feedsOf = new Map();
    for (const row of carriage) {
      if (!feedsOf.has(row.publication)) feedsOf.set(row.publication, []);
      /** @type {string[]} set above */ (feedsOf.get(row.publication)).push(row.feed);
    }
    /** @type {Reference} */
    const reference = {
      words: (text, order, from, to) =>
        client.query(
          `SELECT id FROM items WHERE search @@ websearch_to_tsquery('english', $1)
            ${from ? "AND at >= $2 AND at < $3" : ""}
            ORDER BY ${order === "newest" ? "id DESC" : "ts_rank_cd(search, websearch_to_tsquery('english', $1)) DESC"}
            LIMIT 20`,
          from
            ? [text, Math.round(from), Math.round(/** @type {number} given with from */ (to))]
            : [text],
        ),
      count: async (pub, from, to) => {
        const { rows } = await client.query(
          "SELECT count(*) AS n FROM items WHERE feed = ANY($1) AND at >= $2 AND at < $3",
          [feedsOf.get(pub), Math.round(from), Math.round(to)],
        );
        return Number(rows[0].n);
      },
      day: (pub, from, to) =>
        client.query(
          "SELECT * FROM items WHERE feed = ANY($1) AND at >= $2 AND at < $3 ORDER BY at LIMIT 2000",
          [feedsOf.get(pub), Math.round(from), Math.round(to)],
        ),
      story: (id) => client.query("SELECT * FROM items WHERE story = $1 OR id = $1", [id]),
      links: (links) => client.query("SELECT story FROM items WHERE link = ANY($1)", [links]),
      month: async (pub, { year, month }) => {
        for (let day = 1; day <= daysInMonth(year, month); day++) {
          const [from, to] = dayRange({ year, month, day }, ZONE);
          await client.query(
            "SELECT count(*) FROM items WHERE feed = ANY($1) AND at >= $2 AND at < $3",
            [feedsOf.get(pub), Math.round(from), Math.round(to)],
          );
        }
      },
    };
    await measure("PostgreSQL", engine, reference, filled.words, filled.samples);
    const { rows } = await client.query("SELECT pg_database_size('archive') AS bytes");
    console.log(
      `  disk: ${(Number(rows[0].bytes) / 1024 ** 2).toFixed(0)} MB (the database; ${(folderBytes(server.dir) / 1024 ** 2).toFixed(0)} MB with its WAL); this process grew by ${((process.memoryUsage().rss - before) / 1024 ** 2).toFixed(0)} MB`,
    );
    await client.end();
    await engine.close();
    await besideTheCrawl("PostgreSQL", { DATABASE_URL: server.url }, filled);
  } finally {
    if (dir) await server.stop();
    else await server.cleanup();
  }
}

/** The headlines a kept folder's archive holds (`archive_state` 'items'; none when new). */
async function heldBy(/** @type {string} */ url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // A new folder's database has no archive yet.
    const { rows: made } = await client.query("SELECT to_regclass('archive_state') AS state");
    if (!made[0]?.state) return 0;
    const { rows } = await client.query("SELECT value FROM archive_state WHERE name = 'items'");
    return Number(rows[0]?.value ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * Waits for the index of feeds and words an instance builds in the background from migrate()
 * (lib/archive/postgres-feed-index.ts): after a copy or a resumed fill it is built over the
 * whole archive (33 minutes at ten million), and the ingest and searches measured beside its
 * build would be neither the engine's nor an instance's for good. Its progress said every
 * minute; none to wait for without btree_gin.
 * @param {pg.Client} client
 * @param {string} valid FEED_INDEX_VALID
 */
async function feedIndexBuilt(client, valid) {
  const { rows: extension } = await client.query(
    "SELECT 1 FROM pg_available_extensions WHERE name = 'btree_gin'",
  );
  if (extension.length === 0) return;
  const started = Date.now();
  for (let said = started; ;) {
    const { rows } = await client.query(`SELECT ${valid} AS valid`);
    if (rows[0].valid) break;
    if (Date.now() - said >= 60_000) {
      said = Date.now();
      const { rows: progress } = await client.query(
        "SELECT phase, blocks_done, blocks_total FROM pg_stat_progress_create_index",
      );
      const step = progress[0]
        ? `${progress[0].phase}, ${progress[0].blocks_done} of ${progress[0].blocks_total} blocks`
        : "waiting to start";
      console.log(`  the index of feeds and words: ${step}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const waited = (Date.now() - started) / 1000;
  if (waited >= 1)
    console.log(`  the index of feeds and words built (${waited.toFixed(0)} s waited)`);
}
