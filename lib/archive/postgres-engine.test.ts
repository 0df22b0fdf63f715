import pg from "pg";
import {
  archiveItem,
  feedIndexBuilt,
  postgresForFile,
  searchRequest,
} from "../../test-support/archive-engines";
import { itemId } from "./item-id";
import { PostgresArchive } from "./postgres-engine";
import { POSTGRES_MIGRATIONS } from "./postgres-schema";
import { SqliteArchive } from "./sqlite/client";
import { ArchiveUnavailableError, type ArchiveEngine, type ArchiveItemInput } from "./types";

/**
 * What the shared engine owes beyond the contract (engine.contract.test.ts): it is a server
 * away from the site, and several instances use it at once.
 */

const postgres = postgresForFile();
const NOW = Date.UTC(2026, 10, 30, 15, 0, 0);
const FEED = "https://a.example/local.xml";
const CARRIAGE = [{ publication: "riverbend", section: "local", feed: FEED, rank: 0 }];

const item = (key: string, title: string, publishedAt = NOW - 60_000): ArchiveItemInput =>
  archiveItem(key, title, publishedAt);

const search = (engine: ArchiveEngine, text: string, order: "newest" | "relevance" = "newest") =>
  engine.search(searchRequest(text, NOW, { limit: 1000, order }));

const opened: ArchiveEngine[] = [];
async function engines(count: number, url?: string): Promise<PostgresArchive[]> {
  const database = url ?? (await postgres.freshDatabase());
  const list = Array.from({ length: count }, () => new PostgresArchive(database));
  opened.push(...list);
  return list;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((engine) => engine.close()));
});

async function rowsOf<Row>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query(text)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** How long `pending` took to settle, and how. */
async function timed(pending: Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const started = performance.now();
  const error = await pending.then(
    () => null,
    (caught: unknown) => caught,
  );
  return { ms: performance.now() - started, error };
}

test("with its server away, every call says the archive is unavailable within a second, and works again once it is back", async () => {
  const [engine] = await engines(1);
  await engine!.migrate();
  await engine!.syncCarriage(CARRIAGE, NOW - 86_400_000);
  await engine!.record([{ feed: FEED, items: [item("1", "Council votes")], seenAt: NOW }]);
  const server = await postgres.server();
  await server.stop();
  try {
    for (const call of [
      () => search(engine!, "council"),
      () => search(engine!, "council", "relevance"),
      () => engine!.record([{ feed: FEED, items: [item("2", "Council meets")], seenAt: NOW }]),
      () => engine!.between("riverbend", 0, NOW, 10),
      () => engine!.withdrawals(),
      () => engine!.migrate(),
    ]) {
      const { ms, error } = await timed(call());
      expect(error).toBeInstanceOf(ArchiveUnavailableError);
      expect(ms).toBeLessThan(1500);
    }
  } finally {
    await server.start();
  }
  expect((await search(engine!, "council")).hits.map((hit) => hit.title)).toEqual([
    "Council votes",
  ]);
});

test("a statement kept waiting past a second is cancelled as unavailable, not waited on", async () => {
  const database = await postgres.freshDatabase();
  const [engine] = await engines(1, database);
  await engine!.migrate();
  await engine!.syncCarriage(CARRIAGE, NOW - 86_400_000);
  await feedIndexBuilt(database);
  const blocker = new pg.Client(database);
  await blocker.connect();
  try {
    await blocker.query("BEGIN; LOCK TABLE items IN ACCESS EXCLUSIVE MODE");
    for (const order of ["newest", "relevance"] as const) {
      const { ms, error } = await timed(search(engine!, "council", order));
      expect(error).toBeInstanceOf(ArchiveUnavailableError);
      expect(ms).toBeLessThan(1500);
    }
  } finally {
    await blocker.query("ROLLBACK");
    await blocker.end();
  }
  await expect(search(engine!, "council")).resolves.toMatchObject({ hits: [], total: 0 });
});

test("three instances migrating at once: one migrates, the others find it done", async () => {
  const database = await postgres.freshDatabase();
  const list = await engines(3, database);
  await Promise.all(list.map((engine) => engine.migrate()));
  await Promise.all(list.map((engine) => engine.migrate()));
  const versions = await rowsOf<{ version: number }>(
    database,
    "SELECT version FROM archive_migrations ORDER BY version",
  );
  expect(versions.map((row) => row.version)).toEqual(POSTGRES_MIGRATIONS.map((_, n) => n + 1));
});

test("two instances recording the same feed at once store each item once, and count its words once", async () => {
  const database = await postgres.freshDatabase();
  const [first, second] = await engines(2, database);
  await first!.migrate();
  await first!.syncCarriage(CARRIAGE, NOW - 86_400_000);
  const items = Array.from({ length: 300 }, (_, n) => item(`k${n}`, `Rivers rise ${n}`));
  const batches = (list: ArchiveItemInput[]) =>
    Array.from({ length: 6 }, (_, n) => list.slice(n * 50, n * 50 + 50));
  const record = async (engine: ArchiveEngine, list: ArchiveItemInput[]) => {
    const outcomes = await Promise.all(
      batches(list).map((batch) => engine.record([{ feed: FEED, items: batch, seenAt: NOW }])),
    );
    return outcomes.reduce((sum, outcome) => ({
      inserted: sum.inserted + outcome.inserted,
      updated: sum.updated + outcome.updated,
      unchanged: sum.unchanged + outcome.unchanged,
    }));
  };
  const [a, b] = await Promise.all([record(first!, items), record(second!, [...items].reverse())]);
  expect(a.inserted + b.inserted).toBe(300);
  expect(a.inserted + a.unchanged + b.inserted + b.unchanged).toBe(600);
  expect((await search(second!, "rivers")).total).toBe(300);
  const [uses] = await rowsOf<{ uses: string }>(
    database,
    "SELECT uses FROM words WHERE word = 'rivers'",
  );
  expect(Number(uses!.uses)).toBe(300);
});

/** Two keys of one feed whose ids meet in the same second (found by trying). */
function collidingKeys(at: number): [string, string] {
  const seen = new Map<number, string>();
  for (let n = 0; ; n++) {
    const key = `c${n}`;
    const id = itemId(FEED, key, at);
    const other = seen.get(id);
    if (other) return [other, key];
    seen.set(id, key);
  }
}

test("gives an item the embedded engine's id, two items whose ids meet too", async () => {
  const at = NOW - 3_600_000;
  const [one, two] = collidingKeys(at);
  const items = [item(one, "First of the second", at), item(two, "Second of the second", at)];
  const ids = async (engine: ArchiveEngine) => {
    await engine.migrate();
    await engine.syncCarriage(CARRIAGE, NOW - 86_400_000);
    await engine.record([{ feed: FEED, items: items.slice(0, 1), seenAt: NOW }]);
    await engine.record([{ feed: FEED, items: items.slice(1), seenAt: NOW }]);
    await engine.record([
      { feed: FEED, items: [item("x", "Second of another"), item("y", "Second too")], seenAt: NOW },
    ]);
    const { hits } = await search(engine, "second");
    return hits.map((hit) => [hit.title, hit.id]).sort();
  };
  const sqlite = new SqliteArchive(":memory:");
  opened.push(sqlite);
  const [shared] = await engines(1);
  const expected = await ids(sqlite);
  expect(new Set(expected.map(([, id]) => id)).size).toBe(4);
  expect(await ids(shared!)).toEqual(expected);
});
