import { config } from "../env";
import { logger } from "../ops";
import { onShutdown, processSingleton } from "../process";
import { withinDeadline } from "./deadline";
import { ArchiveUnavailableError, type ArchiveEngine } from "./types";

/**
 * The process's archive engine: PostgreSQL when DATABASE_URL is set (every instance reads
 * and writes one database), else the SQLite file ARCHIVE_FILE. Made and migrated on first use;
 * a failed start is tried again on the next use, not kept.
 *
 * `withArchive` is the one way the rest of lib/archive reaches it: whatever goes wrong (the
 * database away, a lock held too long, a timeout) comes out as ArchiveUnavailableError, and no
 * caller waits more than READ_TIMEOUT_MS for an answer.
 */
const READ_TIMEOUT_MS = 1000;

const state = processSingleton("archive-engine", () => ({
  engine: null as Promise<ArchiveEngine> | null,
}));

async function open(): Promise<ArchiveEngine> {
  const { file, databaseUrl, storyWindowHours } = config().archive;
  const options = { storyWindowMs: storyWindowHours * 3_600_000 };
  // Each engine's code is loaded when it is opened, by the one module instance that opens it:
  // a deployment loads one engine's (PostgreSQL's driver or SQLite's threads), and the proxy's
  // and each route's copies of this file, which reach the process's engine through `state`,
  // load neither (the proxy's, loaded on the first request, took 0.15 s).
  const engine: ArchiveEngine = databaseUrl
    ? new (await import("./postgres-engine")).PostgresArchive(databaseUrl.href, options)
    : new (await import("./sqlite/client")).SqliteArchive(file, options);
  try {
    await engine.migrate();
  } catch (error) {
    await engine.close().catch(() => undefined);
    throw error;
  }
  logger().info({ event: "archive-open", engine: engine.kind }, `archive: ${engine.kind}`);
  // Its threads and connections end with the process, after what the recorder queued
  // (registered when it was first asked for, before this) is written.
  onShutdown(async () => {
    if (state.engine) state.engine = null;
    await engine.close();
  });
  return engine;
}

function engine(): Promise<ArchiveEngine> {
  if (!state.engine) {
    state.engine = open();
    state.engine.catch(() => (state.engine = null));
  }
  return state.engine;
}

function unavailable(error: unknown): ArchiveUnavailableError {
  if (error instanceof ArchiveUnavailableError) return error;
  return new ArchiveUnavailableError(error instanceof Error ? error.message : String(error));
}

/**
 * An engine is opened once (migrated, its threads started), within OPEN_TIMEOUT_MS: a first
 * reader right after the server starts waits for that, not a read's second, which then counts
 * from when the engine is there. A database that cannot be opened fails as fast as it says so.
 */
const OPEN_TIMEOUT_MS = 5000;

/** `promise`, or ArchiveUnavailableError past `timeoutMs`. */
async function within<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ArchiveUnavailableError(`no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `work` on the engine, within `timeoutMs`; any failure is ArchiveUnavailableError. */
export async function withArchive<T>(
  work: (engine: ArchiveEngine) => Promise<T>,
  timeoutMs = READ_TIMEOUT_MS,
): Promise<T> {
  try {
    const opened = await within(engine(), Math.max(OPEN_TIMEOUT_MS, timeoutMs));
    // The engine's calls carry the deadline: what is still waiting then is not started.
    return await within(
      withinDeadline(timeoutMs, () => work(opened)),
      timeoutMs,
    );
  } catch (error) {
    throw unavailable(error);
  }
}
