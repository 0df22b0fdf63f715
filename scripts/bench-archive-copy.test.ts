import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { postgresForFile, searchRequest, sqliteForFile } from "../test-support/archive-engines";
import { PostgresArchive } from "../lib/archive/postgres-engine";
import { indexText, searchVector } from "../lib/archive/postgres-query";
import { FEED_INDEX_LOCK } from "../lib/archive/postgres-feed-index";
import { SqliteArchive } from "../lib/archive/sqlite/client";
import type { ArchiveEngine } from "../lib/archive/types";
import { labelledItems } from "../test-support/labelled-set";
import { copyArchive } from "./lib/bench-archive-copy.mjs";

/**
 * `bench:archive --copy` measures PostgreSQL over a copy of the embedded archive's rows: its
 * figures stand for the engine's only if the copy answers every reader's question as the
 * embedded archive does (the same hits in the same order, stories, marks, counts, withdrawals),
 * and if every table the engine keeps was copied (one added later and not copied would hold
 * nothing).
 */

const DAY = 86_400_000;
const postgres = postgresForFile();
const sqlite = sqliteForFile();

const labelled = labelledItems();
const feeds = [...new Set(labelled.map((item) => item.feed))].sort();
const moments = labelled.map((item) => Date.parse(item.publishedAt));
const FIRST = Math.min(...moments);
const NOW = Math.max(...moments) + DAY;
/** riverbend carries every feed; lakeside every other one, so stories differ between them. */
const CARRIAGE = feeds.flatMap((feed, n) => [
  { publication: "riverbend", section: "local", feed, rank: n },
  ...(n % 2 === 0 ? [{ publication: "lakeside", section: "local", feed, rank: n }] : []),
]);

/** The labelled set recorded as polls find it, an editor's withdrawal and split among it. */
async function embedded(): Promise<{ file: string; archive: SqliteArchive }> {
  const file = sqlite.fresh();
  const archive = new SqliteArchive(file);
  await archive.migrate();
  await archive.syncCarriage(CARRIAGE, FIRST - 30 * DAY);
  const items = labelled
    .map((item) => ({ ...item, at: Date.parse(item.publishedAt) }))
    .sort((a, b) => a.at - b.at);
  for (const item of items) {
    const input = { key: item.link, link: item.link, title: item.title, body: "", imageUrl: "" };
    const fields = { ...input, description: item.description, publishedAt: item.at };
    await archive.record([{ feed: item.feed, seenAt: item.at + 60_000, items: [fields] }]);
  }
  const [first, second] = items;
  await archive.withdraw({ publication: "riverbend", link: first!.link, by: "ed", at: NOW });
  await archive.splitStory({ publication: "*", link: second!.link, by: "ops", at: NOW }, false);
  return { file, archive };
}

/** What readers of `publication` are shown, question by question. */
async function answers(engine: ArchiveEngine, publication: string) {
  const words = ["council", "police", "storm", "school", "fire", "court"];
  const searches = [];
  for (const word of words)
    for (const order of ["newest", "relevance"] as const)
      searches.push(
        await engine.search(searchRequest(word, NOW, { publication, order, limit: 1000 })),
      );
  // What a reader is shown of a page: its hits, in order (both engines weigh a match alike),
  // and how many there are. A count past its budget is an estimate (budgeted-count.ts), a
  // matter of the machine's speed and not of the rows: it is left out, the page holding every
  // match (its limit 1,000).
  const pages = searches.map(({ hits, total, estimated }) => ({
    hits,
    total: estimated ? hits.length : total,
  }));
  const stories = new Set(searches.flatMap((page) => page.hits.map((hit) => hit.story)));
  const storyPages = [];
  for (const story of [...stories].sort()) storyPages.push(await engine.story(publication, story));
  const links = labelled.map((item) => item.link);
  const days = Array.from({ length: 40 }, (_, n) => [FIRST + (n - 5) * DAY, FIRST + (n - 4) * DAY]);
  return {
    pages,
    storyPages,
    marks: (await engine.storiesOf(publication, links)).sort((a, b) => (a.link < b.link ? -1 : 1)),
    counts: await engine.countIn(publication, days as [number, number][]),
    between: await engine.between(publication, FIRST - DAY, NOW, 1000),
    span: await engine.span(publication),
  };
}

/** Each table's rows in the embedded archive, as PostgreSQL names and keeps them. */
function sqliteCounts(file: string, tables: string[]): Record<string, number> {
  const db = new DatabaseSync(file, { readOnly: true });
  const count = (table: string) =>
    Number((db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
  try {
    return Object.fromEntries(
      tables.map((table) => [
        table,
        // SQLite keeps the latest story words apart; PostgreSQL in one table.
        table === "story_words" ? count("story_words") + count("story_words_recent") : count(table),
      ]),
    );
  } finally {
    db.close();
  }
}

const opened: ArchiveEngine[] = [];
afterAll(() => Promise.all(opened.map((engine) => engine.close())));

describe("bench:archive --copy", () => {
  it("makes a PostgreSQL archive that answers every reader's question as the embedded one does", async () => {
    const { file, archive } = await embedded();
    const url = await postgres.freshDatabase();
    const copy = new PostgresArchive(url);
    opened.push(archive, copy);
    await copy.migrate();
    const said: string[] = [];
    await copyArchive(url, file, { indexText, searchVector, FEED_INDEX_LOCK }, (line: string) =>
      said.push(line),
    );
    expect(said.join("\n")).toContain(`${labelled.length.toLocaleString("en-US")} items copied`);

    for (const publication of ["riverbend", "lakeside"]) {
      const expected = await answers(archive, publication);
      // Something to get wrong: hits, stories of several sources, counts.
      expect(expected.pages.some((page) => page.hits.length > 1)).toBe(true);
      expect(expected.marks.length).toBeGreaterThan(0);
      expect(await answers(copy, publication)).toEqual(expected);
    }
    expect((await copy.withdrawals()).list).toEqual((await archive.withdrawals()).list);

    const client = new pg.Client(url);
    await client.connect();
    const { rows } = await client.query<{ tablename: string }>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'archive_migrations'",
    );
    const tables = rows.map((row) => row.tablename).sort();
    const copied: Record<string, number> = {};
    for (const table of tables)
      copied[table] = Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    await client.end();
    expect(copied).toEqual(sqliteCounts(file, tables));
    expect(copied.story_splits).toBe(1);
  }, 120_000);
});
