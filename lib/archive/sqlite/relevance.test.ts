import { archiveItem, searchRequest, sqliteForFile } from "../../../test-support/archive-engines";
import type { ArchiveItemInput, EngineSearch } from "../types";
import { SqliteArchive } from "./client";

/**
 * The embedded archive's relevance order (relevance.ts), read newest first a chunk at a time
 * and stopped once the page is settled: the page is the one the whole window ranks, however
 * far back its matches lie, and a match's weights are its columns' stems as the search index
 * reads them.
 */

const files = sqliteForFile();
const DAY = 86_400_000;
const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 30, 15, 0, 0);
const FEED = "https://a.example/local.xml";

jest.setTimeout(60_000);

let engine: SqliteArchive | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
});

async function archiveOf(items: ArchiveItemInput[]): Promise<SqliteArchive> {
  engine = new SqliteArchive(files.fresh());
  await engine.migrate();
  await engine.syncCarriage(
    [{ publication: "riverbend", section: "local", feed: FEED, rank: 0 }],
    NOW - 30 * DAY,
  );
  await engine.record([{ feed: FEED, items, seenAt: NOW }]);
  return engine;
}

const ranked = async (text: string, over: Partial<EngineSearch> = {}) =>
  engine!.search(searchRequest(text, NOW, { order: "relevance", ...over }));
const keys = (page: Awaited<ReturnType<typeof ranked>>) =>
  page.hits.map((hit) => hit.link.replace("https://news.example/", ""));

/** `count` items with "storm" in their body alone, a minute apart from `NOW`, newest first. */
const bodyOnly = (count: number) =>
  Array.from({ length: count }, (_, n) =>
    archiveItem(`b${n}`, `Weather update ${n}`, NOW - n * MINUTE, { body: "A storm is coming" }),
  );

test("a match far behind the newest ones outranks them when it weighs more", async () => {
  // 450 matches: the title's match is behind two chunks of the body's.
  await archiveOf([
    ...bodyOnly(440),
    archiveItem("titled", "Storm closes the bridge", NOW - 5 * DAY),
    archiveItem("described", "Bridge news", NOW - 6 * DAY, { description: "The storm passed" }),
    ...Array.from({ length: 8 }, (_, n) =>
      archiveItem(`old${n}`, `Archive note ${n}`, NOW - (20 + n) * DAY, { body: "storm" }),
    ),
  ]);
  const page = await ranked("storm", { limit: 5 });
  expect(keys(page)).toEqual(["titled", "described", "b0", "b1", "b2"]);
  // Counted whole: every match was walked.
  expect(page).toMatchObject({ total: 450, estimated: false });
  // A page deep in the ranking is the whole window's: the body's matches by age, then the
  // oldest ones.
  expect(keys(await ranked("storm", { offset: 440, limit: 5 }))).toEqual([
    "b438",
    "b439",
    "old0",
    "old1",
    "old2",
  ]);
  // Past the count's cap, the walk goes on only as far as the cap.
  expect(await ranked("storm", { limit: 5, countLimit: 300 })).toMatchObject({
    total: 301,
    estimated: false,
  });
});

test("a heavier match in the second chunk of matches takes its place among the first's", async () => {
  // 400 matches an hour apart, the words in their titles; one, 250 hours back, has them in its
  // description too: 13 at its age outweighs 10 from about a day back on.
  const HOUR = 60 * MINUTE;
  await archiveOf(
    Array.from({ length: 400 }, (_, n) =>
      archiveItem(`t${n}`, `Storm report ${n}`, NOW - n * HOUR, {
        description: n === 250 ? "The storm, hour by hour" : "",
      }),
    ),
  );
  const page = await ranked("storm", { limit: 30 });
  const expected = Array.from({ length: 30 }, (_, n) => `t${n}`);
  // Where 13 / (1 + 250 h / 30 d) falls among 10 / (1 + n h / 30 d): after t26.
  expected.splice(27, 0, "t250");
  expect(keys(page)).toEqual(expected.slice(0, 30));
  expect(page.total).toBe(400);
});

test("a match the publication does not keep is passed over, the page filled from those behind", async () => {
  const archive = await archiveOf([
    ...bodyOnly(300),
    archiveItem("titled", "Storm closes the bridge", NOW - 5 * DAY),
  ]);
  expect(
    await archive.withdraw({
      publication: "riverbend",
      link: "https://news.example/titled",
      by: "editor of riverbend",
      at: NOW,
    }),
  ).toBe(true);
  expect(keys(await ranked("storm", { limit: 3 }))).toEqual(["b0", "b1", "b2"]);
});

test("a word is weighed in a title as the index reads it, not by its first letters", async () => {
  await archiveOf([
    // Newer, its title's "Summit" is not "summer": it weighs its description's 4, not 13.
    archiveItem("summit", "Summit talks open", NOW - DAY, { description: "A summer meeting" }),
    archiveItem("summer", "Summer fair opens", NOW - 2 * DAY),
    // Stems the index reads as the query's: "summers" is "summer".
    archiveItem("summers", "Summers by the lake", NOW - 3 * DAY),
  ]);
  expect(keys(await ranked("summer"))).toEqual(["summer", "summers", "summit"]);
  // A phrase weighs where its words stand together.
  expect(keys(await ranked('"summer meeting"'))).toEqual(["summit"]);
});
