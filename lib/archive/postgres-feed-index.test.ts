import pg from "pg";
import { archiveItem, postgresForFile, searchRequest } from "../../test-support/archive-engines";
import { FEED_INDEX } from "./postgres-feed-index";
import { PostgresArchive } from "./postgres-engine";

/**
 * The index of feeds and words (postgres-feed-index.ts) is built in the background, once,
 * whatever an earlier build left, and a build under way never holds an instance's stop.
 */

const postgres = postgresForFile();
const NOW = Date.UTC(2026, 10, 30, 15, 0, 0);
const FEED = "https://a.example/local.xml";
const CARRIAGE = [{ publication: "riverbend", section: "local", feed: FEED, rank: 0 }];

const opened: PostgresArchive[] = [];
const clients: pg.Client[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((engine) => engine.close()));
  await Promise.all(clients.splice(0).map((client) => client.end()));
});

async function connected(url: string): Promise<pg.Client> {
  const client = new pg.Client(url);
  client.on("error", () => {});
  await client.connect();
  clients.push(client);
  return client;
}

/** A migrated archive of 300 items in one feed, its index built (or not yet), its engine closed. */
async function archive(): Promise<{ url: string; client: pg.Client }> {
  const url = await postgres.freshDatabase();
  const engine = new PostgresArchive(url);
  await engine.migrate();
  await engine.syncCarriage(CARRIAGE, NOW - 86_400_000);
  await engine.record([
    {
      feed: FEED,
      items: Array.from({ length: 300 }, (_, n) =>
        archiveItem(`${n}`, `${n % 50 === 0 ? "Ferry" : "Council"} notice ${n}`, NOW - n * 60_000),
      ),
      seenAt: NOW,
    },
  ]);
  const client = await connected(url);
  await until(() => indexes(client), built);
  await engine.close();
  return { url, client };
}

/** items' indexes: name, whether valid, and its definition. */
async function indexes(client: pg.Client) {
  const { rows } = await client.query<{ name: string; valid: boolean; definition: string }>(
    `SELECT c.relname AS name, x.indisvalid AS valid, pg_get_indexdef(x.indexrelid) AS definition
       FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid
      WHERE x.indrelid = 'items'::regclass AND c.relname IN ('items_search', $1)`,
    [FEED_INDEX],
  );
  return rows;
}

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const built = (rows: Awaited<ReturnType<typeof indexes>>) =>
  rows.length === 1 && rows[0]!.name === FEED_INDEX && rows[0]!.valid;

test("a migrated archive gets the index of feeds and words, and the words' own index goes", async () => {
  const { client } = await archive();
  expect(await indexes(client)).toEqual([
    {
      name: FEED_INDEX,
      valid: true,
      definition: expect.stringMatching(/USING gin \(feed, search\)$/),
    },
  ]);
}, 30_000);

test("an invalid index an earlier build left is dropped and built again; searches find the same", async () => {
  const { url, client } = await archive();
  // What a build cut short leaves: an index of that name PostgreSQL holds invalid (here a
  // unique index that failed on the feed's duplicates), and the words' index not yet dropped.
  await client.query(`DROP INDEX ${FEED_INDEX}`);
  await client.query("CREATE INDEX items_search ON items USING gin (search)");
  await expect(
    client.query(`CREATE UNIQUE INDEX CONCURRENTLY ${FEED_INDEX} ON items (feed)`),
  ).rejects.toThrow(/could not create unique index/);
  expect(await indexes(client)).toContainEqual(
    expect.objectContaining({ name: FEED_INDEX, valid: false }),
  );
  const engine = new PostgresArchive(url);
  opened.push(engine);
  const before = await engine.search(searchRequest("ferry", NOW, { limit: 100 }));
  expect(before.total).toBe(6);
  await engine.migrate();
  const rows = await until(() => indexes(client), built);
  expect(rows).toEqual([expect.objectContaining({ name: FEED_INDEX, valid: true })]);
  expect(rows[0]!.definition).toMatch(/USING gin \(feed, search\)$/);
  expect(await engine.search(searchRequest("ferry", NOW, { limit: 100 }))).toEqual(before);
}, 30_000);

test("an instance stopping while its build waits stops at once, and the next instance builds", async () => {
  const { url, client } = await archive();
  await client.query(`DROP INDEX ${FEED_INDEX}`);
  // A lock that keeps the build waiting, as a long one under way would keep it working.
  const holder = await connected(url);
  await holder.query("BEGIN");
  await holder.query("LOCK TABLE items IN SHARE MODE");
  const engine = new PostgresArchive(url);
  await engine.migrate();
  const building = () =>
    client
      .query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE application_name = 'riverbend-archive-index' AND state = 'active'`,
      )
      .then(({ rows }) => rows[0]!.n);
  expect(await until(building, (n) => n === 1)).toBe(1);
  // The lock is still held: close() ends only because it cancelled the build (else it would
  // wait for the build, and the build for the lock, past the test's time).
  await engine.close();
  expect(await building()).toBe(0);
  await holder.query("COMMIT");
  expect(await indexes(client)).toEqual([]);
  const next = new PostgresArchive(url);
  opened.push(next);
  await next.migrate();
  expect(built(await until(() => indexes(client), built))).toBe(true);
}, 30_000);
