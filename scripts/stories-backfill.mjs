#!/usr/bin/env node
/**
 * `npm run stories:backfill`: groups into stories the items the archive recorded before it
 * grouped them (lib/archive/stories), oldest first, 500 at a time, each step a transaction of
 * its own. The archive keeps where it stopped: run again, it resumes there; once every item
 * is grouped, it says so and does nothing. The archive is the deployment's own (ARCHIVE_FILE,
 * or DATABASE_URL; STORY_WINDOW_HOURS), and the server may run meanwhile.
 */
import { createJiti } from "jiti";

const jiti = createJiti(import.meta.url);
/** @type {typeof import("../lib/env.ts")} */
const { config } = await jiti.import("../lib/env.ts");
/** @type {typeof import("../lib/archive/sqlite/client.ts")} */
const { SqliteArchive } = await jiti.import("../lib/archive/sqlite/client.ts");
/** @type {typeof import("../lib/archive/postgres-engine.ts")} */
const { PostgresArchive } = await jiti.import("../lib/archive/postgres-engine.ts");

const STEP = 500;
const { archive } = config();
const options = { storyWindowMs: archive.storyWindowHours * 3_600_000 };
const engine = archive.databaseUrl
  ? new PostgresArchive(archive.databaseUrl.href, options)
  : new SqliteArchive(archive.file, options);
try {
  await engine.migrate();
  let total = 0;
  const started = performance.now();
  for (;;) {
    const grouped = await engine.groupStories(STEP);
    if (grouped === 0) break;
    total += grouped;
    const rate = total / ((performance.now() - started) / 1000);
    process.stdout.write(
      `  ${total.toLocaleString("en-US")} items grouped (${Math.round(rate)}/s)\r`,
    );
  }
  console.log(
    total === 0
      ? "stories: every item is grouped"
      : `stories: ${total.toLocaleString("en-US")} items grouped; every item is now`,
  );
} finally {
  await engine.close();
}
