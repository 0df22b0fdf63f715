import pg from "pg";
import { postgresForFile } from "../../test-support/archive-engines";
import { withinDeadline } from "./deadline";
import { PostgresPool } from "./postgres-pool";
import { ArchiveUnavailableError } from "./types";

/**
 * The shared engine's readers keep to their caller's deadline (deadline.ts): a statement whose
 * reader has gone is not started, and one started late is cancelled by the server when its
 * reader stops waiting, so a busy pool does no work for pages already answered.
 */

const postgres = postgresForFile();
const pools: PostgresPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

const watchers: pg.Client[] = [];
afterEach(async () => {
  await Promise.all(watchers.splice(0).map((watcher) => watcher.end()));
});

/** A pool on a fresh database, and a connection of its own to watch the server by. */
async function poolOn(): Promise<{ pool: PostgresPool; watcher: pg.Client }> {
  const url = await postgres.freshDatabase();
  const pool = new PostgresPool(url);
  pools.push(pool);
  const watcher = new pg.Client(url);
  await watcher.connect();
  watchers.push(watcher);
  return { pool, watcher };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every connection of the pool (`connections`: the readers' four) held for `seconds`: returns
 * once the server runs those statements (seen by `watcher`, connected before), with what
 * settles when they end.
 */
async function busy(
  pool: PostgresPool | PostgresPool["searches"],
  watcher: pg.Client,
  seconds: number,
  connections = 4,
): Promise<{ held: Promise<unknown> }> {
  const held = Promise.all(
    Array.from({ length: connections }, () => pool.query(`SELECT pg_sleep(${seconds})`)),
  );
  for (;;) {
    const { rows } = await watcher.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(%' AND state = 'active'",
    );
    if (rows[0]!.n >= connections) return { held };
    await sleep(10);
  }
}

jest.setTimeout(30_000);

test("a statement whose reader stopped waiting while the pool was busy is never run", async () => {
  const { pool, watcher } = await poolOn();
  await watcher.query("CREATE SEQUENCE probe");
  const { held } = await busy(pool, watcher, 0.7);
  const late = withinDeadline(200, () => pool.query("SELECT nextval('probe')"));
  await expect(late).rejects.toBeInstanceOf(ArchiveUnavailableError);
  await held;
  const probe = await watcher.query<{ is_called: boolean }>("SELECT is_called FROM probe");
  expect(probe.rows[0]!.is_called).toBe(false);
  // Nothing of it stays: the pool answers the next reader.
  expect(await withinDeadline(1000, () => pool.query("SELECT 1 AS one"))).toEqual([{ one: 1 }]);
});

test("a statement started late is given what its reader has left, is cancelled when its reader stops, and the pool's connections keep their second", async () => {
  const { pool, watcher } = await poolOn();
  const setting = "SELECT current_setting('statement_timeout') AS timeout";
  let { held } = await busy(pool, watcher, 0.4);
  // A connection is free 400 ms in at most: the statement has what is left of 700 ms.
  const [late] = await withinDeadline(700, () => pool.query<{ timeout: string }>(setting));
  expect(late!.timeout).toMatch(/^\d+ms$/);
  expect(parseInt(late!.timeout, 10)).toBeLessThanOrEqual(700);
  await held;
  ({ held } = await busy(pool, watcher, 0.4));
  await expect(withinDeadline(700, () => pool.query("SELECT pg_sleep(3)"))).rejects.toBeInstanceOf(
    ArchiveUnavailableError,
  );
  await held;
  // The server ended it with its reader (with the pool's second it would run on).
  const running = await watcher.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(3)' AND state = 'active'",
  );
  expect(running.rows[0]!.n).toBe(0);
  // Statements given less than a second leave their connections as they found them.
  await Promise.all(
    Array.from({ length: 4 }, () => withinDeadline(500, () => pool.query("SELECT pg_sleep(0.1)"))),
  );
  const timeouts = await Promise.all(
    Array.from({ length: 4 }, () =>
      pool.query<{ statement_timeout: string }>(
        "SELECT current_setting('statement_timeout') AS statement_timeout, pg_sleep(0.1)",
      ),
    ),
  );
  expect(timeouts.flat().map((row) => row.statement_timeout)).toEqual(Array(4).fill("1s"));
});

test("a transaction started late is given what its reader has left", async () => {
  const { pool, watcher } = await poolOn();
  const { held } = await busy(pool, watcher, 0.4);
  const [late] = await withinDeadline(700, () =>
    pool.transaction((query) =>
      query<{ timeout: string }>("SELECT current_setting('statement_timeout') AS timeout"),
    ),
  );
  expect(late!.timeout).toMatch(/^\d+ms$/);
  expect(parseInt(late!.timeout, 10)).toBeLessThanOrEqual(700);
  await held;
});

test("searches read on connections of their own: with every one busy, other readers are answered at once", async () => {
  const { pool, watcher } = await poolOn();
  const { held } = await busy(pool.searches, watcher, 0.8, pool.searches.pool.options.max);
  // A calendar page's read, a story's: not behind the searches.
  expect(await withinDeadline(300, () => pool.query("SELECT 1 AS one"))).toEqual([{ one: 1 }]);
  expect(
    await withinDeadline(300, () => pool.transaction((query) => query("SELECT 2 AS two"))),
  ).toEqual([{ two: 2 }]);
  // Another search waits for one of them.
  await expect(
    withinDeadline(300, () => pool.searches.query("SELECT 3 AS three")),
  ).rejects.toBeInstanceOf(ArchiveUnavailableError);
  await held;
  expect(await withinDeadline(1000, () => pool.searches.query("SELECT 4 AS four"))).toEqual([
    { four: 4 },
  ]);
});
