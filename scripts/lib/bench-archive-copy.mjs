/**
 * `bench:archive --copy`: a new PostgreSQL archive made a copy of an embedded one, row for row
 * (the same headlines with their stories, the words' counts and the story words, the calendar's
 * counts, carriage, withdrawals and splits), so both engines are measured over the same ten
 * million headlines without writing them twice through the grouping: at that rate a fill
 * through PostgreSQL's engine takes longer than a working day (docs/benchmarks.md).
 *
 * The schema is the engine's own (its migrations run first). Each item's search vector is made
 * as the engine makes it (postgres-query.ts: indexText and searchVector). The secondary indexes
 * are dropped while the rows go in and made again from their own definitions, then the tables
 * are vacuumed and analysed: a copy's tables are as compact as a fill's after autovacuum, not
 * more worn.
 */
import { DatabaseSync } from "node:sqlite";
import pg from "pg";

/** Rows each INSERT carries. */
const CHUNK = 5000;

/**
 * A table's columns: `name` (text), `name:type`, or `sqlite>postgresql:type` where the engines
 * name a column each its own way.
 * @param {string} spec
 * @returns {[string, string, string][]} the SQLite name, PostgreSQL's, its type
 */
const columnsOf = (spec) =>
  spec.split(" ").map((column) => {
    const [names = "", type = "text"] = column.split(":");
    const [from = "", into = from] = names.split(">");
    return [from, into, type];
  });

/**
 * A table copied as it is, its rows read by `from` (all of SQLite's table of the same name);
 * `upsert`: what a row whose key the new archive holds already becomes.
 * @param {string} name
 * @param {string} spec
 * @param {{ from?: string; upsert?: string }} [options]
 */
const table = (name, spec, options = {}) => {
  const columns = columnsOf(spec);
  const from = `SELECT ${columns.map(([column]) => column).join(", ")} FROM ${name}`;
  return { into: name, columns, from, ...options };
};

/** The tables besides items. */
const TABLES = [
  table("carriage", "publication section feed rank:integer since:bigint until:bigint"),
  table("withdrawals", "publication link by>withdrawn_by at:bigint"),
  // The word pairs' cursor is each engine's own: the copy's rows get theirs as they go in.
  table("archive_state", "name value:bigint", {
    from: "SELECT name, value FROM archive_state WHERE name <> 'pairs-from'",
    upsert: "(name) DO UPDATE SET value = excluded.value",
  }),
  table("words", "word uses:bigint"),
  table("feed_hours", "feed hour:bigint items:bigint"),
  table("feed_firsts", "feed first_seen:bigint"),
  // PostgreSQL keeps one table of story words; SQLite keeps the latest apart.
  table("story_words", "word at:bigint item:bigint", {
    from: "SELECT word, at, item FROM story_words UNION ALL SELECT word, at, item FROM story_words_recent",
  }),
  table("story_splits", "link by>split_by at:bigint"),
  table("story_changes", "feed at:bigint"),
];

/** The items' columns, as both engines name them; the search vector is made from them. */
const ITEM_COLUMNS = columnsOf(
  "id:bigint feed key title description body link image published_at:bigint first_seen:bigint " +
    "last_seen:bigint at:bigint story:bigint",
);

/**
 * Copies the embedded archive `file` into the (new, migrated) PostgreSQL archive at `url`.
 * @param {string} url
 * @param {string} file
 * @param {{
 *   indexText: (text: string) => string;
 *   searchVector: (title: string, description: string, body: string) => string;
 *   FEED_INDEX_LOCK: number;
 * }} engine the PostgreSQL engine's own folding (lib/archive/postgres-query.ts), and the lock
 * its instances build their index of feeds and words under (postgres-feed-index.ts)
 * @param {(line: string) => void} say
 */
export async function copyArchive(url, file, engine, say) {
  const source = new DatabaseSync(file, { readOnly: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // No instance builds the index of feeds and words while its indexes are dropped and made
    // again (one building when the copy starts is waited for): held until the client ends.
    await holdLock(client, engine.FEED_INDEX_LOCK);
    await client.query("SET maintenance_work_mem = '1GB'");
    // Indexes that back no constraint: dropped now, made again from their definitions.
    const { rows: indexes } = await client.query(
      `SELECT indexname, indexdef FROM pg_indexes i WHERE schemaname = 'public'
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    );
    for (const { indexname } of indexes) await client.query(`DROP INDEX "${indexname}"`);
    const started = performance.now();
    const items = await copyItems(source, client, engine, say);
    say(`  ${items.toLocaleString("en-US")} items copied (${seconds(started)})`);
    for (const table of TABLES) {
      const rows = await copyTable(source, client, table);
      say(`  ${table.into}: ${rows.toLocaleString("en-US")} rows (${seconds(started)})`);
    }
    for (const { indexdef } of indexes) await client.query(indexdef);
    say(`  ${indexes.length} indexes made again (${seconds(started)})`);
    await client.query("VACUUM ANALYZE");
    say(`  vacuumed and analysed (${seconds(started)})`);
  } finally {
    await client.end();
    source.close();
  }
}

/**
 * Takes the session's advisory lock `key`, trying every 200 ms. Tried, not waited on: CREATE
 * INDEX CONCURRENTLY, run under this lock, waits for every transaction older than it to end,
 * a wait on the lock among them, and PostgreSQL ends that circle as a deadlock.
 * @param {pg.Client} client
 * @param {number} key
 */
async function holdLock(client, key) {
  const tried = async () =>
    (await client.query("SELECT pg_try_advisory_lock($1) AS got", [key])).rows[0].got;
  while (!(await tried())) await new Promise((resolve) => setTimeout(resolve, 200));
}

const seconds = (/** @type {number} */ since) =>
  `${((performance.now() - since) / 1000).toFixed(0)} s`;

/**
 * The items in id order, CHUNK an INSERT; the next chunk is read and folded while PostgreSQL
 * writes the one before.
 * @param {DatabaseSync} source
 * @param {pg.Client} client
 * @param {{ indexText: (text: string) => string; searchVector: (t: string, d: string, b: string) => string }} engine
 * @param {(line: string) => void} say
 */
async function copyItems(source, client, engine, say) {
  const names = ITEM_COLUMNS.map(([name]) => name);
  const read = source.prepare(
    `SELECT ${names.join(", ")} FROM items WHERE id > ? ORDER BY id LIMIT ${CHUNK}`,
  );
  const arrays = ITEM_COLUMNS.map(([, , type], n) => `$${n + 1}::${type}[]`);
  const folded = ["ft", "fd", "fb"].map((_, n) => `$${ITEM_COLUMNS.length + n + 1}::text[]`);
  const sql = `INSERT INTO items (${names.join(", ")}, search)
    SELECT ${names.join(", ")}, ${engine.searchVector("ft", "fd", "fb")}
    FROM unnest(${[...arrays, ...folded].join(", ")}) AS u(${names.join(", ")}, ft, fd, fb)`;
  let last = -1;
  let copied = 0;
  let writing = Promise.resolve();
  for (;;) {
    const rows = /** @type {Record<string, unknown>[]} */ (read.all(last));
    if (rows.length === 0) break;
    last = Number(rows[rows.length - 1]?.id);
    const params = [
      ...names.map((name) => rows.map((row) => row[name] ?? null)),
      ...["title", "description", "body"].map((name) =>
        rows.map((row) => engine.indexText(String(row[name]))),
      ),
    ];
    await writing;
    writing = client.query(sql, params).then(() => undefined);
    copied += rows.length;
    if (copied % 500_000 < CHUNK) say(`  ${copied.toLocaleString("en-US")} items…`);
  }
  await writing;
  return copied;
}

/**
 * One table's rows, CHUNK an INSERT.
 * @param {DatabaseSync} source
 * @param {pg.Client} client
 * @param {(typeof TABLES)[number]} table
 */
async function copyTable(source, client, { from, into, columns, upsert }) {
  const arrays = columns.map(([, , type], n) => `$${n + 1}::${type}[]`);
  const names = columns.map(([, name]) => name);
  const sql = `INSERT INTO ${into} (${names.join(", ")})
    SELECT * FROM unnest(${arrays.join(", ")}) ON CONFLICT ${upsert ?? "DO NOTHING"}`;
  let copied = 0;
  /** @type {Record<string, unknown>[]} */
  let chunk = [];
  const write = async () => {
    const params = columns.map(([name]) => chunk.map((row) => row[name] ?? null));
    await client.query(sql, params);
    copied += chunk.length;
    chunk = [];
  };
  for (const row of source.prepare(from).iterate()) {
    chunk.push(/** @type {Record<string, unknown>} */ (row));
    if (chunk.length === CHUNK) await write();
  }
  if (chunk.length > 0) await write();
  return copied;
}
