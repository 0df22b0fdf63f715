#!/usr/bin/env node
/**
 * `npm run bench:archive [-- --items 10000000] [--publications 3000] [--runs 200] [--engines sqlite,postgresql]`:
 * measures, never asserts. Fills each archive engine (lib/archive) with `--items` headlines
 * (default one million) over `--publications` papers sharing feeds (scripts/lib/archive-corpus.mjs),
 * then reports p50 and p99 of the searches and pages readers make (a story's page and the
 * stories of a section's cards too), each beside the engine's own query for the same words,
 * days or stories (the reference: the full-text or range query alone, with no
 * publication, withdrawal or section to honour), the ingest rate (all new; then 90% already
 * known, as polls find them), the disk taken and the memory this process grew by.
 * PostgreSQL is Debian's, started on a port and folder of its own (e2e/postgres/server.cjs).
 *
 * Then, for each engine, the reader beside the crawl (scripts/lib/bench-archive-beside.mjs): a
 * reader's cached page alone, then beside a crawler of searches, month pages and indexes of
 * other publications, in one run; `--beside SECONDS` each phase (30), 0 for none; `--crawlers N`
 * the crawl's connections (4).
 *
 * `--archive FILE`: measure (and crawl) an SQLite archive an earlier run filled with the same
 * `--items` and `--publications` (its folder kept, as a run interrupted leaves it), without
 * filling it again: ten million headlines take hours to write. `--keep`: leave the archive this
 * run filled (its path is printed) for such a later run. `--resume` (with `--archive`): write
 * the corpus's headlines the archive does not hold yet (a fill interrupted, over sessions), then
 * measure. The corpus's clock is the first run's (`now.json` beside the archive), so a fill
 * resumed days later goes on with the same days. `--postgres-dir DIR`: PostgreSQL's server made
 * in DIR and kept there, its fill resumed as `--resume` does, whenever it stopped (run one engine
 * at a time then: each keeps the clock it was filled by). `--copy` (with `--archive`): a new
 * PostgreSQL archive made a copy of the embedded one's rows (scripts/lib/bench-archive-copy.mjs),
 * both engines then measured over the same headlines, its clock the embedded archive's.
 * `--instance-heap MB`: the crawl's instance started with V8's old space capped at MB
 * (`--max-old-space-size`), to see what the cap saves of its memory and costs of its pace.
 */
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { createJiti } from "jiti";
import { headlines, network, SECTIONS } from "./lib/archive-corpus.mjs";
import { numberOption } from "./lib/options.mjs";

/**
 * @import { ArchiveEngine, ArchiveItemInput, CarriageRow, EngineSearch, RecordBatch } from "../lib/archive/types.ts"
 * @import { Filled } from "./lib/bench-archive-postgres.mjs"
 */

/**
 * An engine's own queries for the questions the bench asks (what each gives back is not read):
 * SQLite's here, PostgreSQL's in scripts/lib/bench-archive-postgres.mjs.
 * @typedef {{
 *   words: (text: string, order: string, from?: number, to?: number) => unknown;
 *   count: (pub: string, from: number, to: number) => number | Promise<number>;
 *   day: (pub: string, from: number, to: number) => unknown;
 *   month: (pub: string, at: { year: number; month: number }) => unknown;
 *   story: (id: string) => unknown;
 *   links: (links: string[]) => unknown;
 * }} Reference
 */

const jiti = createJiti(import.meta.url);
/** @type {typeof import("../lib/archive/sqlite/client.ts")} */
const { SqliteArchive } = await jiti.import("../lib/archive/sqlite/client.ts");
/** @type {typeof import("../lib/archive/query.ts")} */
const { parseQuery } = await jiti.import("../lib/archive/query.ts");
/** @type {typeof import("../lib/archive/days.ts")} */
const { dayRange, dayOf, daysInMonth } = await jiti.import("../lib/archive/days.ts");
/** @type {typeof import("../lib/archive/calendar.ts")} */
const { DAY_PAGE, dayPartRanges } = await jiti.import("../lib/archive/calendar.ts");

/**
 * The range a day's page reads (lib/archive/calendar.ts): the whole day, or, when it holds
 * over DAY_PAGE headlines, its part `i % 4` (the first with headlines when that one has none).
 * @param {import("../lib/archive/days.ts").CalendarDay} day
 * @param {number[]} counts the day's parts' counts
 * @param {number} i
 * @returns {[number, number]}
 */
function dayPageRange(day, counts, i) {
  if (counts.reduce((sum, count) => sum + count, 0) <= DAY_PAGE) return dayRange(day, ZONE);
  const parts = dayPartRanges(day, ZONE);
  const part = counts[i % parts.length] ? i % parts.length : counts.findIndex((count) => count > 0);
  return /** @type {[number, number]} */ (parts[part]);
}

const ITEMS = numberOption("--items", 1_000_000);
const PUBLICATIONS = numberOption("--publications", 3000);
const RUNS = numberOption("--runs", 200);
/** Archive pages the crawl walks; `--crawl 0`: none. */
const CRAWL = process.argv.includes("--crawl")
  ? Number(process.argv[process.argv.indexOf("--crawl") + 1])
  : 100_000;
/** The crawl's instance's V8 old space, in MB (`--max-old-space-size`); V8's own when not given. */
const INSTANCE_HEAP = numberOption("--instance-heap", undefined);
const reused = process.argv.indexOf("--archive");
/** An archive filled before, to measure again. */
const ARCHIVE =
  reused > 0
    ? path.resolve(/** @type {string} the file after --archive */ (process.argv[reused + 1]))
    : null;
/** Leave the archive filled, for `--archive` later. */
const KEEP = process.argv.includes("--keep");
/** Seconds of each phase of the reader beside the crawl; `--beside 0`: none. */
const BESIDE = process.argv.includes("--beside")
  ? Number(process.argv[process.argv.indexOf("--beside") + 1])
  : 30;
/** The crawl's connections beside the reader. */
const CRAWLERS = numberOption("--crawlers", 4);
const at = process.argv.indexOf("--engines");
const ENGINES = /** @type {string} the list after --engines */ (
  at > 0 ? process.argv[at + 1] : "sqlite,postgresql"
).split(",");
const RESUME = ARCHIVE !== null && process.argv.includes("--resume");
/** PostgreSQL's new archive a copy of `--archive`'s rows (scripts/lib/bench-archive-copy.mjs). */
const COPY = ARCHIVE !== null && process.argv.includes("--copy") ? ARCHIVE : null;
const kept = process.argv.indexOf("--postgres-dir");
/** PostgreSQL's folder, kept: its fill goes on where it stopped, and the folder stays. */
const POSTGRES_DIR =
  kept > 0
    ? path.resolve(/** @type {string} the folder after --postgres-dir */ (process.argv[kept + 1]))
    : null;
/** The corpus's clock: an archive filled before keeps the one it was filled by. */
const nowFile = (/** @type {string} */ dir) => path.join(dir, "now.json");
const clockDir = [ARCHIVE && path.dirname(ARCHIVE), POSTGRES_DIR].find(
  (dir) => dir && existsSync(nowFile(dir)),
);
const NOW = clockDir ? Number(JSON.parse(readFileSync(nowFile(clockDir), "utf8")).now) : Date.now();
const ZONE = "America/Chicago";
const DAY = 86_400_000;
/** This run's mark on the items its ingest measures add: new to an archive an earlier run
 * filled (and measured, or copied), as they must be to be measured as new. */
const RUN = Date.now().toString(36);

/** @param {number[]} values @param {number} p @returns {number} */
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  // An index within the list (undefined of none; every list here has runs).
  return /** @type {number} */ (
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
  );
};
const ms = (/** @type {number} */ value) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

/** @param {number} runs @param {(i: number) => unknown} work */
async function time(runs, work) {
  /** @type {number[]} */
  const took = [];
  // A read that fails (the archive's 1 s bound) is counted with the time its reader waited,
  // and told, not the end of the run.
  let failed = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await Promise.resolve(work(i)).catch(() => failed++);
    took.push(performance.now() - started);
  }
  return { p50: percentile(took, 50), p99: percentile(took, 99), failed };
}

/** @param {string} dir */
function folderBytes(dir) {
  let total = 0;
  for (const name of readdirSync(dir, { recursive: true })) {
    const stat = statSync(path.join(dir, String(name)));
    if (stat.isFile()) total += stat.size;
  }
  return total;
}

/**
 * Fills the archive as the recorder writes it: a flush takes what polls found, up to 2,000
 * items. `write` false: the corpus is only walked, for its samples and words (an archive filled
 * before). `held`: the corpus's first headlines the archive holds already (a fill resumed).
 * @param {ArchiveEngine} engine
 * @param {CarriageRow[]} carriage
 * @returns {Promise<Filled>}
 */
async function fill(engine, carriage, write = true, held = 0) {
  // An archive filled before is brought to this version too (and its readers started).
  await engine.migrate();
  if (write && held === 0) await engine.syncCarriage(carriage, NOW - 400 * DAY);
  /** When the first flush was written: a resumed fill's pace leaves out the walk to it. */
  let started = 0;
  let count = 0;
  /** @type {RecordBatch[]} */
  let pending = [];
  let size = 0;
  /** @type {RecordBatch[]} */
  const samples = [];
  const generator = headlines({ items: ITEMS, publications: PUBLICATIONS, now: NOW });
  let next = generator.next();
  /** Writes a flush, less the headlines a resumed fill's archive holds already. */
  const flush = async (/** @type {RecordBatch[]} */ batches) => {
    let first = count;
    const unheld = batches.flatMap((batch) => {
      const from = Math.max(0, held - first);
      first += batch.items.length;
      return from >= batch.items.length ? [] : [{ ...batch, items: batch.items.slice(from) }];
    });
    if (!write || unheld.length === 0) return;
    started ||= performance.now();
    await engine.record(unheld);
  };
  for (; !next.done; next = generator.next()) {
    pending.push(next.value);
    size += next.value.items.length;
    if (samples.length < 4000 && count % 97 < next.value.items.length) samples.push(next.value);
    if (size < 2000) continue;
    await flush(pending);
    count += size;
    pending = [];
    size = 0;
    if (count % 100_000 < 2000)
      process.stdout.write(`  ${count.toLocaleString("en-US")} headlines\r`);
  }
  await flush(pending);
  count += size;
  const seconds = started ? (performance.now() - started) / 1000 : 0;
  const pace = seconds > 0 ? Math.max(0, count - held) / seconds : 0;
  return { rate: pace, seconds, samples, words: next.value };
}

/**
 * Each of `samples` written alone, as one poll's read is when nothing else is queued.
 * @param {ArchiveEngine} engine
 * @param {RecordBatch[]} samples
 */
async function ingestAlone(engine, samples) {
  let items = 0;
  const started = performance.now();
  for (const [index, batch] of samples.slice(0, 1000).entries()) {
    const items_ = batch.items.map((item, n) => ({
      ...item,
      key: `${item.key}-alone-${RUN}-${index}-${n}`,
      link: `${item.link}-alone-${RUN}-${n}`,
    }));
    await engine.record([{ feed: batch.feed, items: items_, seenAt: batch.seenAt }]);
    items += items_.length;
  }
  return items / ((performance.now() - started) / 1000);
}

/**
 * 90% known: each batch re-read with two new items, as the next poll finds a feed.
 * @param {ArchiveEngine} engine
 * @param {RecordBatch[]} samples
 */
async function ingestKnown(engine, samples) {
  let items = 0;
  const started = performance.now();
  for (const [index, batch] of samples.entries()) {
    // A batch of the corpus has one item at least, and `n % length` is an index within them.
    const first = /** @type {ArchiveItemInput} */ (batch.items[0]);
    const fresh = [0, 1].map((n) => ({
      ...first,
      key: `${batch.feed}#again-${RUN}-${index}-${n}`,
      link: `${first.link}-again-${RUN}-${n}`,
    }));
    const known = Array.from(
      { length: 18 },
      (_, n) => /** @type {ArchiveItemInput} */ (batch.items[n % batch.items.length]),
    );
    await engine.record([
      { feed: batch.feed, items: [...known, ...fresh], seenAt: batch.seenAt + 60_000 },
    ]);
    items += 20;
  }
  return items / ((performance.now() - started) / 1000);
}

/**
 * The words, phrases, publications and days the queries ask of, from the corpus.
 * @param {string[]} words the corpus's words, the commonest first
 * @param {RecordBatch[]} samples
 */
function queries(words, samples) {
  // Both found: the corpus's 200 commonest words hold longer ones, and it has 40,000 words more.
  const common = /** @type {string} */ (
    words
      .slice(0, 200)
      .find(
        (word) =>
          word.length >= 5 &&
          !["about", "their", "after", "which", "there", "where"].includes(word),
      )
  );
  const rare = /** @type {string} */ (words[30_000]);
  const pub = (/** @type {number} */ i) => `p${(i * 7919) % PUBLICATIONS}.example`;
  // `i % length`: an index within the samples, each a batch with one item at least.
  const firstItem = (/** @type {number} */ i) =>
    /** @type {ArchiveItemInput} */ (
      /** @type {RecordBatch} */ (samples[i % samples.length]).items[0]
    );
  const phrase = (/** @type {number} */ i) => {
    const title = firstItem(i).title.toLowerCase().split(" ");
    return `"${title[1]} ${title[2]}"`;
  };
  const day = (/** @type {number} */ i) => dayOf(NOW - (1 + ((i * 37) % 360)) * DAY, ZONE);
  return { common, rare, pub, phrase, day };
}

/**
 * Stories of the archive to read, with the publication that shows them: from a common word's
 * newest hits in 50 publications (each hit's story and the page's links, as a section's 45).
 * @param {ArchiveEngine} engine
 * @param {string} common
 * @param {(i: number) => string} pub
 */
async function storiesToRead(engine, common, pub) {
  /** @type {{ pub: string; story: string; links: string[] }[]} */
  const found = [];
  for (let i = 0; i < 50; i++) {
    const { hits } = await engine.search({
      publication: pub(i),
      query: parseQuery(common).engine,
      section: null,
      from: null,
      to: null,
      order: "newest",
      offset: 0,
      limit: 45,
      countLimit: 100,
      now: NOW,
    });
    const [first] = hits;
    if (first) found.push({ pub: pub(i), story: first.story, links: hits.map((hit) => hit.link) });
  }
  return found;
}

/**
 * The queries' p50 and p99, each beside the engine's own query for the same question.
 * @param {string} name
 * @param {ArchiveEngine} engine
 * @param {Reference} reference
 * @param {string[]} words
 * @param {RecordBatch[]} samples
 */
async function measure(name, engine, reference, words, samples) {
  const { common, rare, pub, phrase, day } = queries(words, samples);
  const stories = await storiesToRead(engine, common, pub);
  // `i % length`: an index within the list (none found: undefined, and the read throws, as ever).
  const story = (/** @type {number} */ i) =>
    /** @type {(typeof stories)[number]} */ (stories[i % stories.length]);
  const search =
    (/** @type {string} */ text, /** @type {Partial<EngineSearch>} */ over = {}) =>
    (/** @type {number} */ i) =>
      engine.search({
        publication: pub(i),
        query: parseQuery(text).engine,
        section: null,
        from: null,
        to: null,
        order: "newest",
        offset: 0,
        limit: 20,
        countLimit: 1000,
        now: NOW,
        ...over,
      });
  /** @type {[label: string, ours: (i: number) => unknown, theirs: (i: number) => unknown][]} */
  const cases = [
    ["a common word, newest first", search(common), () => reference.words(common, "newest")],
    ["a rare word", search(rare), () => reference.words(rare, "newest")],
    ["a phrase", (i) => search(phrase(i))(i), (i) => reference.words(phrase(i), "newest")],
    [
      "a section and 30 days",
      (i) =>
        search(common, {
          // One of the 14 sections after "local".
          section: /** @type {string} */ (SECTIONS[1 + (i % 14)]),
          from: NOW - 60 * DAY,
          to: NOW - 30 * DAY,
        })(i),
      () => reference.words(common, "newest", NOW - 60 * DAY, NOW - 30 * DAY),
    ],
    [
      "relevance order",
      search(common, { order: "relevance" }),
      () => reference.words(common, "relevance"),
    ],
    [
      "an archive day",
      // As its page reads it: the parts' counts and the nearest days, then the headlines of
      // the day or, a busy day, of one of its parts.
      async (i) => {
        const [from, to] = dayRange(day(i), ZONE);
        const [counts] = await Promise.all([
          engine.countIn(pub(i), dayPartRanges(day(i), ZONE)),
          engine.nearest(pub(i), from, "before"),
          engine.nearest(pub(i), to, "after"),
        ]);
        await engine.between(pub(i), ...dayPageRange(day(i), counts, i), 2000);
      },
      async (i) => {
        // One after another: the reference is one connection (pg's client refuses to be asked
        // again before it answers, in its next major version).
        const counts = [];
        for (const range of dayPartRanges(day(i), ZONE))
          counts.push(await reference.count(pub(i), ...range));
        return reference.day(pub(i), ...dayPageRange(day(i), counts, i));
      },
    ],
    [
      "a month page",
      async (i) => {
        const { year, month } = day(i);
        const days = Array.from({ length: daysInMonth(year, month) }, (_, d) =>
          dayRange({ year, month, day: d + 1 }, ZONE),
        );
        await engine.countIn(pub(i), days);
      },
      (i) => reference.month(pub(i), day(i)),
    ],
    [
      "a story page",
      (i) => engine.story(story(i).pub, story(i).story),
      (i) => reference.story(story(i).story),
    ],
    [
      "a section's 45 cards' stories",
      (i) => engine.storiesOf(story(i).pub, story(i).links),
      (i) => reference.links(story(i).links),
    ],
  ];
  console.log(
    `\n${name}: ${ITEMS.toLocaleString("en-US")} headlines, ${PUBLICATIONS} publications (common word "${common}", rare "${rare}")`,
  );
  console.log(
    "| query | p50 | p99 | engine's own p50 | p99 | ratio p99 |\n|---|---|---|---|---|---|",
  );
  for (const [label, ours, theirs] of cases) {
    for (let i = 0; i < 5; i++) {
      // warm
      await Promise.resolve(ours(i)).catch(() => undefined);
      await theirs(i);
    }
    const a = await time(RUNS, ours);
    const b = await time(RUNS, theirs);
    console.log(
      `| ${label}${a.failed ? ` (${a.failed} failed)` : ""} | ${ms(a.p50)} | ${ms(a.p99)} | ${ms(b.p50)} | ${ms(b.p99)} | ${(a.p99 / b.p99).toFixed(2)}x |`,
    );
  }
}

const rate = (/** @type {number} */ value) =>
  `${Math.round(value).toLocaleString("en-US")} items/s`;

/** @param {Filled} filled @param {number} alone @param {number} known items a second */
function report(filled, alone, known) {
  if (filled.rate > 0)
    console.log(
      `  ingest, all new, flushes of 2,000 items: ${rate(filled.rate)} (${filled.seconds.toFixed(0)} s)`,
    );
  console.log(`  ingest, all new, one poll's items a write: ${rate(alone)}`);
  console.log(`  ingest, 90% known (the next poll of a feed): ${rate(known)}`);
}

/**
 * The SQLite engine's own queries, on a connection of their own.
 * @param {string} file
 * @param {CarriageRow[]} carriage
 * @returns {Reference & { close: () => void }}
 */
function sqliteReference(file, carriage) {
  const db = new DatabaseSync(file, { readOnly: true });
  /** @type {Map<string, string[]>} */
  const feedsOf = new Map();
  for (const row of carriage)
    /** @type {string[]} set if absent */ (
      feedsOf.get(row.publication) ?? feedsOf.set(row.publication, []).get(row.publication)
    ).push(row.feed);
  // Every publication of the queries carries feeds.
  const feedsOfPub = (/** @type {string} */ pub) => /** @type {string[]} */ (feedsOf.get(pub));
  const match = (/** @type {string} */ text) =>
    parseQuery(text)
      .engine.all.map((group) =>
        group.map((atom) => `"${"word" in atom ? atom.word : atom.phrase.join(" ")}"`).join(" OR "),
      )
      .join(" AND ");
  return {
    words(text, order, from, to) {
      const range = from ? " AND rowid >= ? AND rowid < ?" : "";
      const sort = order === "newest" ? "rowid DESC" : "bm25(items_fts, 10.0, 4.0, 1.0)";
      const args = from
        ? [
            match(text),
            Math.floor(from / 1000) * 2 ** 20,
            Math.floor(/** @type {number} given with from */ (to) / 1000) * 2 ** 20,
          ]
        : [match(text)];
      return db
        .prepare(
          `SELECT rowid FROM items_fts WHERE items_fts MATCH ?${range} ORDER BY ${sort} LIMIT 20`,
        )
        .all(...args);
    },
    count(pub, from, to) {
      const feeds = feedsOfPub(pub);
      const row = db
        .prepare(
          `SELECT count(*) AS n FROM items WHERE feed IN (${feeds.map(() => "?").join(",")}) AND at >= ? AND at < ?`,
        )
        .get(...feeds, from, to);
      return Number(/** @type {{ n: number }} */ (row).n);
    },
    day(pub, from, to) {
      const feeds = feedsOfPub(pub);
      return db
        .prepare(
          `SELECT * FROM items WHERE feed IN (${feeds.map(() => "?").join(",")}) AND at >= ? AND at < ? ORDER BY at LIMIT 2000`,
        )
        .all(...feeds, from, to);
    },
    month(pub, { year, month }) {
      const feeds = feedsOfPub(pub);
      const count = db.prepare(
        `SELECT count(*) FROM items WHERE feed IN (${feeds.map(() => "?").join(",")}) AND at >= ? AND at < ?`,
      );
      for (let d = 1; d <= daysInMonth(year, month); d++)
        count.get(...feeds, ...dayRange({ year, month, day: d }, ZONE));
    },
    story: (id) =>
      db.prepare("SELECT * FROM items WHERE story = ? OR id = ?").all(Number(id), Number(id)),
    links: (links) =>
      db
        .prepare("SELECT story FROM items WHERE link IN (SELECT value FROM json_each(?))")
        .all(JSON.stringify(links)),
    close: () => db.close(),
  };
}

/** The headlines an archive holds (`archive_state` 'items'). @param {string} file */
function heldBy(file) {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const row = db.prepare("SELECT value FROM archive_state WHERE name = 'items'").get();
    return Number(row?.value ?? 0);
  } finally {
    db.close();
  }
}

/** @param {CarriageRow[]} carriage */
async function sqlite(carriage) {
  const dir = ARCHIVE
    ? path.dirname(ARCHIVE)
    : mkdtempSync(path.join(tmpdir(), "riverbend-bench-archive-"));
  const file = ARCHIVE ?? path.join(dir, "archive.sqlite");
  if (!ARCHIVE) writeFileSync(nowFile(dir), JSON.stringify({ now: NOW }));
  const held = RESUME ? heldBy(file) : 0;
  const before = process.memoryUsage().rss;
  const engine = new SqliteArchive(file);
  const doing = RESUME ? `resuming after ${held.toLocaleString("en-US")} headlines` : "filling";
  console.log(`\nSQLite: ${ARCHIVE && !RESUME ? "reading the corpus of" : doing} ${file}…`);
  const filled = await fill(engine, carriage, !ARCHIVE || RESUME, held);
  if (!ARCHIVE || (RESUME && held < ITEMS))
    report(
      filled,
      await ingestAlone(engine, filled.samples),
      await ingestKnown(engine, filled.samples),
    );

  if (RUNS > 0) {
    const reference = sqliteReference(file, carriage);
    await measure("SQLite", engine, reference, filled.words, filled.samples);
    reference.close();
  }
  console.log(
    `  disk: ${(folderBytes(dir) / 1024 ** 2).toFixed(0)} MB; this process grew by ${((process.memoryUsage().rss - before) / 1024 ** 2).toFixed(0)} MB`,
  );
  await engine.close();
  await besideTheCrawl("SQLite", { ARCHIVE_FILE: file }, filled);
  if (CRAWL > 0) {
    const { crawl, CRAWL_BOUNDS } = await import("./lib/bench-archive-crawl.mjs");
    console.log(
      `\nCrawl: ${CRAWL.toLocaleString("en-US")} archive days of ${PUBLICATIONS} publications, tier, instance${INSTANCE_HEAP ? ` (old space ${INSTANCE_HEAP} MB)` : ""} and Redis…`,
    );
    const result = await crawl({
      file,
      publications: PUBLICATIONS,
      pages: CRAWL,
      now: NOW,
      heapMb: INSTANCE_HEAP,
    });
    console.log(
      `  ${Math.round(result.rate)} pages/s (${result.seconds.toFixed(0)} s), statuses ${JSON.stringify(result.statuses)}`,
    );
    console.log("| cache | peak | bound |\n|---|---|---|");
    console.log(
      `| instance disk (.next/cache/pages) | ${result.peak.disk} MB | PAGE_CACHE_MAX_MB=${CRAWL_BOUNDS.pageCacheMb} |`,
    );
    console.log(
      `| Redis used_memory | ${result.peak.redis.toFixed(0)} MB | maxmemory ${CRAWL_BOUNDS.redisMb} MB, volatile-lru |`,
    );
    console.log(`| tier disk | ${result.peak.tier} MB | max_size=${CRAWL_BOUNDS.tierMb}m |`);
    const { idle, warm, peak, end } = result.memory;
    console.log(
      `  the instance's memory (RSS): ${idle.toFixed(0)} MB idle, ${warm.toFixed(0)} MB after 1,000 pages, ${peak.toFixed(0)} MB at its peak, ${end.toFixed(0)} MB at the end`,
    );
  }
  if (!ARCHIVE && !KEEP) rmSync(dir, { recursive: true, force: true });
  else if (KEEP) console.log(`  kept: ${file}`);
}

/**
 * The reader beside the crawl, over the archive `env` names (scripts/lib/bench-archive-beside.mjs).
 * @param {string} name
 * @param {Record<string, string>} env
 * @param {Filled} filled
 */
async function besideTheCrawl(name, env, filled) {
  if (!(BESIDE > 0)) return;
  const { beside } = await import("./lib/bench-archive-beside.mjs");
  const { common } = queries(filled.words, filled.samples);
  const words = [common, ...filled.words.slice(0, 400).filter((word) => word.length >= 6)].slice(
    0,
    50,
  );
  const phrases = filled.samples.slice(0, 200).map((batch) => {
    // A batch of the corpus has one item at least.
    const title = /** @type {ArchiveItemInput} */ (batch.items[0]).title.toLowerCase().split(" ");
    return `${title[1]} ${title[2]}`;
  });
  console.log(
    `\n${name}: a reader's cached page alone, then beside a crawl of ${CRAWLERS} connections (${BESIDE} s each)…`,
  );
  await beside({
    env,
    publications: PUBLICATIONS,
    words,
    phrases,
    now: NOW,
    seconds: BESIDE,
    crawlers: CRAWLERS,
  });
}

const { carriage } = network(PUBLICATIONS);
if (ENGINES.includes("sqlite")) await sqlite(carriage);
if (ENGINES.includes("postgresql")) {
  const { postgres } = await import("./lib/bench-archive-postgres.mjs");
  await postgres({
    dir: POSTGRES_DIR,
    copy: COPY,
    now: { file: nowFile, at: NOW },
    carriage,
    fill,
    ingestAlone,
    ingestKnown,
    measure,
    report,
    jiti,
    folderBytes,
    besideTheCrawl,
  });
}
