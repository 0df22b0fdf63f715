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
  /** When the process first began to open its engine (0: not yet). */
  firstOpen: 0,
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
    state.firstOpen ||= Date.now();
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
 * The process's first open (migrated, its threads started) has OPEN_TIMEOUT_MS: a first reader
 * right after the server starts waits for that, not a read's second, which then counts from
 * when the engine is there. Past that grace a call's time counts from the call, an open it
 * waits for included: an engine opened again (after a failed open, or a close) that cannot
 * open (its file held by another process: each attempt waits a second for the lock, then for a
 * new thread) costs a reader its deadline, not the attempt's two seconds. A database that
 * cannot be opened fails as fast as it says so.
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
  const asked = Date.now();
  try {
    const opening = engine();
    const grace = state.firstOpen + OPEN_TIMEOUT_MS - asked;
    const opened = await within(opening, Math.max(grace, timeoutMs));
    const left = grace > 0 ? timeoutMs : timeoutMs - (Date.now() - asked);
    if (left <= 0) throw new ArchiveUnavailableError(`no answer within ${timeoutMs} ms`);
    // The engine's calls carry the deadline: what is still waiting then is not started.
    return await within(
      withinDeadline(left, () => work(opened)),
      left,
    );
  } catch (error) {
    throw unavailable(error);
  }
}
