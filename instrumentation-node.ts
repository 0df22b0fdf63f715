/**
 * Validate the configuration at start-up so a malformed environment variable stops the
 * server with a clear message instead of failing on some later request. Problems go through
 * the one logger (lib/ops/log.ts), so a JSON log collector sees them too.
 */
import { config, ConfigError } from "./lib/env";
import { logConfigProblem } from "./lib/ops";
import { checkPublicationFeeds } from "./lib/news";
import { publications } from "./lib/publication";
import { PublicationsFileError } from "./lib/publication/publications-file.mjs";
import { validationInThread } from "./lib/publication/validated-files.mjs";
import { builtHeadersMismatch } from "./lib/serving";
// Installs the logger for the Redis connection's changes of state before the first request.
import "./lib/cache";
import { redisClient } from "./lib/cache/redis-client.mjs";
import { carriageRows, startScheduler } from "./lib/news";
import { blogCarriage, startArchive, type CarriageRow } from "./lib/archive";

// server.mjs validates the publications file in a thread while Next prepares: its result, so
// that publications() below does not validate it again on this thread.
await validationInThread().settled;
try {
  const mismatch = builtHeadersMismatch(config());
  if (mismatch) logConfigProblem(`Warning: ${mismatch}.`, false);
  // The network (PUBLICATIONS_FILE), read and validated in full now, not on a first request.
  publications();
  checkPublicationFeeds();
} catch (error) {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) logConfigProblem(problem, true);
    logConfigProblem('Invalid configuration: see README.md, "Configuration".', true);
    process.exit(1);
  }
  if (error instanceof PublicationsFileError) {
    for (const problem of error.problems) logConfigProblem(`PUBLICATIONS_FILE: ${problem}`, true);
    logConfigProblem('Invalid publications file: see README.md, "Running a network".', true);
    process.exit(1);
  }
  throw error;
}

// Connect to Redis now, not on the first request: a (re)started instance's first reader then
// gets the page every instance shares instead of a render of its own.
redisClient();

// Feeds are read on their own schedule from now on (lib/news/schedule/scheduler.ts); a build reads
// what its prerendered pages need, and nothing in the background.
if (process.env.NEXT_PHASE !== "phase-production-build") {
  startScheduler();
  // The archive's carriage: every section's feeds, and each publication's blog.
  let carriage: { news: readonly unknown[]; rows: CarriageRow[] } | undefined;
  startArchive(() => {
    const news = carriageRows();
    if (carriage?.news !== news)
      carriage = { news, rows: [...news, ...publications().map((p) => blogCarriage(p.key))] };
    return carriage.rows;
  });
}
