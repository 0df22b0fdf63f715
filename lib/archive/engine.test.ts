import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { withArchive } from "./engine";
import { ArchiveUnavailableError } from "./types";

/**
 * withArchive's bound over an engine that cannot open: the file held by another process (an
 * operator's `sqlite3` with an exclusive lock, a backup), so each open waits a second for the
 * lock, then fails and is tried again at the next call. The process's first open is waited for
 * (its start's grace); past it, a call answers or fails within its own deadline, the open
 * included. Once the file is let go, the archive answers again, without a restart.
 */

const dir = mkdtempSync(path.join(os.tmpdir(), "riverbend-engine-"));
const file = path.join(dir, "archive.sqlite");
process.env.ARCHIVE_FILE = file;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function timed(timeoutMs?: number) {
  const started = performance.now();
  const error = await withArchive((engine) => engine.span("riverbend"), timeoutMs).then(
    () => null,
    (caught: unknown) => caught,
  );
  return { ms: performance.now() - started, error };
}

test("past the start's grace, a call over an archive that cannot open fails within its own deadline; once let go, it answers", async () => {
  const other = new DatabaseSync(file);
  other.exec("CREATE TABLE held (x); PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE");
  try {
    // The first open is waited for, and fails as the lock's wait does (about 2 s, not 5).
    const first = await timed();
    expect(first.error).toBeInstanceOf(ArchiveUnavailableError);
    expect(first.ms).toBeGreaterThan(900);
    expect(first.ms).toBeLessThan(5_500);
    await sleep(Math.max(0, 5_500 - first.ms));
    // Each call now waits for an open again, which waits a second for the lock and more for
    // its thread: the call does not (it fails sooner when the open fails first).
    for (const timeoutMs of [500, 1000, 500, 1000]) {
      const { ms, error } = await timed(timeoutMs);
      expect(error).toBeInstanceOf(ArchiveUnavailableError);
      expect(ms).toBeLessThan(timeoutMs + 400);
    }
  } finally {
    other.exec("COMMIT; PRAGMA locking_mode = NORMAL");
    // The exclusive lock is let go at the connection's next read.
    other.prepare("SELECT count(*) FROM held").get();
    other.close();
  }
  // An open still trying may have failed on the lock: the next call opens again, within the
  // caller's second or soon after.
  let answered: unknown = new Error("not yet");
  for (const started = Date.now(); answered !== null && Date.now() - started < 20_000;) {
    ({ error: answered } = await timed());
    if (answered !== null) await sleep(200);
  }
  expect(answered).toBeNull();
});
