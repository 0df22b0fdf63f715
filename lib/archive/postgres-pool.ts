import pg from "pg";
import { ArchiveUnavailableError } from "./types";

/**
 * How the shared engine talks to PostgreSQL: a small pool, and time limits a reader can wait
 * through. The server cancels a statement past a second, the client gives up on a connection
 * after one (and on an answer a little after, for a server that stopped answering at all),
 * and any failure of connection or time reaches the caller as an ArchiveUnavailableError
 * ("Search is unavailable"), never a hang. Other errors (ours) pass as they are.
 */

const POOL_SIZE = 4;
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

export class PostgresPool {
  /** The readers' connections: a second for every statement. */
  private readonly pool: pg.Pool;
  /** One connection for migrations and the recorder's flushes, which come one at a time. */
  private readonly writer: pg.Pool;

  constructor(url: string) {
    this.pool = newPool(url, POOL_SIZE, TIMEOUT_MS, "riverbend-archive");
    this.writer = newPool(url, 1, LONG_TIMEOUT_MS, "riverbend-archive-writer");
  }

  readonly query: Query = async <Row>(text: string, values: unknown[] = []) => {
    try {
      return (await this.pool.query(text, values)).rows as Row[];
    } catch (error) {
      throw classify(error);
    }
  };

  /** `work` in one transaction on a connection of the pool. */
  transaction<T>(work: (query: Query) => Promise<T>): Promise<T> {
    return transactionOn(this.pool, work);
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
    await Promise.all([this.pool, this.writer].map((pool) => (pool.ended ? null : pool.end())));
  }
}

async function transactionOn<T>(pool: pg.Pool, work: (query: Query) => Promise<T>): Promise<T> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw classify(error);
  }
  let failed = false;
  try {
    return await inTransaction(client, work);
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
