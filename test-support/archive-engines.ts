import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startPostgres, type PostgresServer } from "../e2e/postgres/server.cjs";
import { PostgresArchive } from "../lib/archive/postgres-engine";
import { FEED_INDEX_VALID } from "../lib/archive/postgres-feed-index";
import { SqliteArchive } from "../lib/archive/sqlite/client";
import { parseQuery } from "../lib/archive/query";
import type { ArchiveEngine, ArchiveItemInput, EngineSearch } from "../lib/archive/types";

/** The engines the archive's contract runs against, each able to make an empty archive. */
export interface EngineUnderTest {
  name: string;
  fresh(): Promise<ArchiveEngine>;
}

/** initdb and the first start: seconds on a busy machine. */
const SERVER_START_MS = 60_000;

let server: Promise<PostgresServer> | null = null;
let databases = 0;
let hooked = false;

const fileServer = () => (server ??= startPostgres());

/** The URL of a new, empty database on the file's server. */
async function freshDatabase(): Promise<string> {
  const { url } = await fileServer();
  const name = `t_${++databases}`;
  const admin = new pg.Client(url);
  await admin.connect();
  try {
    // The name is ours (t_<n>), never a reader's.
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return fresh.href;
}

export interface PostgresForFile {
  /** The file's server (a test may stop and start it). */
  server(): Promise<PostgresServer>;
  freshDatabase(): Promise<string>;
}

/**
 * The test file's PostgreSQL server, one per file (Jest gives each file a module registry of
 * its own). Called at the top of a file (describe.each's arguments are), the first call
 * registers the hooks that start it before the file's first test and remove it after its last.
 */
export function postgresForFile(): PostgresForFile {
  if (!hooked) {
    hooked = true;
    beforeAll(() => fileServer(), SERVER_START_MS);
    afterAll(async () => {
      const started = server;
      server = null;
      await (await started)?.cleanup();
    });
  }
  return { server: fileServer, freshDatabase };
}

let sqliteFolder: string | null = null;
let sqliteFiles = 0;
let sqliteHooked = false;

/**
 * The test file's SQLite archives: each a file of the file's own temporary folder (a file,
 * not ":memory:": its readers then run on connections of their own, as the server's do).
 * Called at the top of a file, it registers the hook that removes the folder after the file's
 * last test; `fresh()` names a new file.
 */
export function sqliteForFile(): { fresh(): string } {
  if (!sqliteHooked) {
    sqliteHooked = true;
    afterAll(() => {
      if (sqliteFolder) rmSync(sqliteFolder, { recursive: true, force: true });
      sqliteFolder = null;
    });
  }
  return {
    fresh() {
      sqliteFolder ??= mkdtempSync(path.join(os.tmpdir(), "archive-test-"));
      return path.join(sqliteFolder, `archive-${++sqliteFiles}.sqlite`);
    },
  };
}

export function archiveEnginesUnderTest(): EngineUnderTest[] {
  const postgres = postgresForFile();
  const sqlite = sqliteForFile();
  return [
    { name: "SQLite", fresh: async () => new SqliteArchive(sqlite.fresh()) },
    {
      name: "PostgreSQL",
      fresh: async () => new PostgresArchive(await postgres.freshDatabase()),
    },
  ];
}

/**
 * A search of `text` in `publication`'s archive as the search page asks it (newest first, 20 a
 * page, counted to 1,000), with `over` for the rest: the one request the archive's tests build.
 */
export function searchRequest(
  text: string,
  now: number,
  over: Partial<EngineSearch> = {},
): EngineSearch {
  return {
    publication: "riverbend",
    query: parseQuery(text).engine,
    section: null,
    from: null,
    to: null,
    order: "newest",
    offset: 0,
    limit: 20,
    countLimit: 1000,
    now,
    ...over,
  };
}

/** A headline of the archive's tests: `key`'s link, no text but its title, from `publishedAt`. */
export const archiveItem = (
  key: string,
  title: string,
  publishedAt: number,
  over: Partial<ArchiveItemInput> = {},
): ArchiveItemInput => ({
  key,
  title,
  description: "",
  body: "",
  link: `https://news.example/${key}`,
  imageUrl: "",
  publishedAt,
  ...over,
});

/**
 * Waits for the index of feeds and words that an engine builds at `url` in the background
 * after migrate() (lib/archive/postgres-feed-index.ts): a test that then locks or alters the
 * items would otherwise meet CREATE INDEX CONCURRENTLY, which waits for the test's transaction
 * while the test waits for it, and PostgreSQL ends one of the two as a deadlock.
 */
export async function feedIndexBuilt(url: string): Promise<void> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    for (let tries = 0; tries < 300; tries++) {
      const { rows } = await client.query(`SELECT ${FEED_INDEX_VALID} AS valid`);
      if (rows[0].valid) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the index of feeds and words was not built within 30 s");
  } finally {
    await client.end();
  }
}
