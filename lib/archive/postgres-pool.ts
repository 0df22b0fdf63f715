import pg from "pg";
import { timeLeft } from "./deadline";
import { ArchiveUnavailableError } from "./types";

/**
 * How the shared engine talks to PostgreSQL: small pools (searches, other readers, the
 * writer), and time limits a reader can wait through. The server cancels a statement past a
 * second, the client gives up on a connection after one (and on an answer a little after, for
 * a server that stopped answering at all), and any failure of connection or time reaches the
 * caller as an ArchiveUnavailableError ("Search is unavailable"), never a hang. Other errors
 * (ours) pass as they are.
 */

const POOL_SIZE = 4;
/**
 * A search's page and count at once, one search at a time (PostgresPool.searches): the next
 * waits, within its second. A search at ten million headlines may read for most of that second
 * on PostgreSQL's CPU and disk, on the cores the instance renders on when the two share a
 * machine; two searches at once (four connections) left the reader of a cached page beside a
 * crawl 63 to 89 ms at p99 over five runs, one at a time 41 and 50, the crawl getting more pages
 * (docs/benchmarks.md). More instances, more searches at once.
 */
const SEARCH_POOL_SIZE = 2;
const TIMEOUT_MS = 1000;
const QUERY_TIMEOUT_MS = 1200;
/** A migration may wait on another instance's, and build indexes; a flush writes thousands. */
const LONG_TIMEOUT_MS = 60_000;

/** int8 as a number: ids and moments stay below 2^53 (item-id.ts). For this pool only. */
const INT8 = 20;
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8 && format !== "binary"
      ? Number
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig["getTypeParser"],
};

/**
 * SQLSTATEs of an archive away or too slow: connection exceptions (08, not 08P01, a protocol
 * violation, which is ours), insufficient resources (53), operator intervention (57: a
 * cancelled statement, a shutdown, a server starting), a lock not had in time (55P03).
 */
const UNAVAILABLE_STATE = /^(08(?!P01)|53|57|55P03)/;
/** pg's own errors of a connection lost or refused carry no code. */
const UNAVAILABLE_MESSAGE =
  /timeout exceeded when trying to connect|Query read timeout|Connection terminated|connection error|not queryable/i;
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** The error as callers should see it: unavailability as ArchiveUnavailableError. */
export function classify(error: unknown): unknown {
  // By shape, not `instanceof Error`: a socket's errors may come from another realm (Jest's).
  if (typeof error !== "object" || error === null || error instanceof ArchiveUnavailableError)
    return error;
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === "string" ? message : "";
  const away =
    (typeof code === "string" && (UNAVAILABLE_STATE.test(code) || NETWORK_CODES.has(code))) ||
    UNAVAILABLE_MESSAGE.test(text);
  if (!away) return error;
  const unavailable = new ArchiveUnavailableError(`archive (PostgreSQL): ${text}`);
  unavailable.cause = error;
  return unavailable;
}

export type Query = <Row>(text: string, values?: unknown[]) => Promise<Row[]>;

function newPool(url: string, max: number, timeoutMs: number, name: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: TIMEOUT_MS,
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs + (QUERY_TIMEOUT_MS - TIMEOUT_MS),
    idleTimeoutMillis: 30_000,
    application_name: name,
    types,
  });
  // An idle connection lost (the server restarted): the pool drops it, and the next call
  // connects again or says the archive is unavailable. Nothing to do here.
  pool.on("error", () => {});
  return pool;
}

/**
 * Readers' connections of one kind: each statement within its caller's deadline (deadline.ts),
 * not started if the caller stopped waiting while it waited for a connection, and cancelled by
 * the server when the caller stops (the time left as its statement timeout, when that is less
 * than the pool's second).
 */
class Lane {
  readonly pool: pg.Pool;

  constructor(url: string, size: number, name: string) {
    this.pool = newPool(url, size, TIMEOUT_MS, name);
  }

  readonly query: Query = async <Row>(text: string, values: unknown[] = []) => {
    const client = await connect(this.pool);
    const limit = statementLimit(client);
    let failed = false;
    try {
      if (limit === null) return (await client.query(text, values)).rows as Row[];
      await client.query(`SET statement_timeout = ${limit}`);
      const rows = (await client.query(text, values)).rows as Row[];
      await client.query("RESET statement_timeout");
      return rows;
    } catch (error) {
      // A connection that failed may be broken (or hold a shorter timeout): the pool makes a
      // new one.
      failed = true;
      throw classify(error);
    } finally {
      client.release(failed);
    }
  };

  /** `work` in one transaction on a connection of the lane, within its caller's deadline. */
  transaction<T>(work: (query: Query) => Promise<T>): Promise<T> {
    return transactionOn(this.pool, work, true);
  }
}

export class PostgresPool {
  /**
   * Searches' connections. A search may read for most of its second (a common word's walk, a
   * count), two statements at once; kept apart, they never hold the connections a calendar
   * page, a story or the cards' marks ask a few milliseconds of.
   */
  readonly searches: Lane;
  /** Every other reader's connections: a second for every statement. */
  private readonly readers: Lane;
  /** One connection for migrations and the recorder's flushes, which come one at a time. */
  private readonly writer: pg.Pool;

  constructor(url: string) {
    this.searches = new Lane(url, SEARCH_POOL_SIZE, "riverbend-archive-search");
    this.readers = new Lane(url, POOL_SIZE, "riverbend-archive");
    this.writer = newPool(url, 1, LONG_TIMEOUT_MS, "riverbend-archive-writer");
  }

  /** A statement on a reader's connection, within its caller's deadline (Lane). */
  readonly query: Query = (text, values) => this.readers.query(text, values);

  /** `work` in one transaction on a reader's connection, within its caller's deadline. */
  transaction<T>(work: (query: Query) => Promise<T>): Promise<T> {
    return this.readers.transaction(work);
  }

  /**
   * `work` in one transaction on the writer's connection, with a minute's time: a migration,
   * which may wait on another instance migrating, or a recorder's flush of thousands of items.
   * The connection is kept between flushes (connecting is most of a small flush's time).
   */
  longTransaction<T>(work: (query: Query) => Promise<T>): Promise<T> {
    return transactionOn(this.writer, work);
  }

  async end(): Promise<void> {
    await Promise.all(
      [this.searches.pool, this.readers.pool, this.writer].map((pool) =>
        pool.ended ? null : pool.end(),
      ),
    );
  }
}

/** A statement may outlast its reader by this much before it is given less than its second. */
const SLACK_MS = 100;

/**
 * The statement timeout a reader's statement is given, on the connection it waited for
 * (deadline.ts): null for the pool's own (no caller's deadline, or nearly a second of it
 * left: setting it is two more round trips). When the caller has stopped waiting, the
 * connection goes back unused and the statement fails as unavailable.
 */
function statementLimit(client: pg.PoolClient): number | null {
  const left = timeLeft();
  if (left === null || left >= TIMEOUT_MS - SLACK_MS) return null;
  if (left >= 1) return Math.floor(left);
  client.release();
  throw new ArchiveUnavailableError("archive (PostgreSQL): asked after its reader stopped waiting");
}

async function connect(pool: pg.Pool): Promise<pg.PoolClient> {
  try {
    return await pool.connect();
  } catch (error) {
    throw classify(error);
  }
}

/** `work` in a transaction; `reader`: within its caller's deadline, as PostgresPool.query. */
async function transactionOn<T>(
  pool: pg.Pool,
  work: (query: Query) => Promise<T>,
  reader = false,
): Promise<T> {
  const client = await connect(pool);
  const limit = reader ? statementLimit(client) : null;
  let failed = false;
  try {
    if (limit === null) return await inTransaction(client, work);
    return await inTransaction(client, async (query) => {
      await query(`SET LOCAL statement_timeout = ${limit}`);
      return work(query);
    });
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // A connection that failed may be broken: the pool makes a new one.
    client.release(failed);
  }
}

async function inTransaction<T>(
  client: pg.ClientBase,
  work: (query: Query) => Promise<T>,
): Promise<T> {
  const query: Query = async <Row>(text: string, values: unknown[] = []) =>
    (await client.query(text, values)).rows as Row[];
  try {
    await client.query("BEGIN");
    const result = await work(query);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw classify(error);
  }
}
