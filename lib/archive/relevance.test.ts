import {
  archiveEnginesUnderTest,
  archiveItem,
  searchRequest,
} from "../../test-support/archive-engines";
import type { ArchiveEngine, ArchiveItemInput, EngineSearch } from "./types";

/**
 * Relevance on both engines (sqlite/relevance.ts, postgres-search.ts): the newest matches read
 * first, the rest of the window only when the page is not settled by them. The page is the one
 * the whole window ranks, however far back its matches lie, and a match weighs by its columns'
 * words as the search index reads them.
 */

const DAY = 86_400_000;
const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 30, 15, 0, 0);
const FEED = "https://a.example/local.xml";
const OTHER = "https://wire.example/world.xml";

jest.setTimeout(60_000);

describe.each(archiveEnginesUnderTest())("relevance on $name", (under) => {
  let engine: ArchiveEngine | null = null;
  afterEach(async () => {
    await engine?.close();
    engine = null;
  });

  async function archiveOf(
    items: ArchiveItemInput[],
    others: ArchiveItemInput[] = [],
  ): Promise<ArchiveEngine> {
    engine = await under.fresh();
    await engine.migrate();
    await engine.syncCarriage(
      [
        { publication: "riverbend", section: "local", feed: FEED, rank: 0 },
        { publication: "riverbend", section: "world", feed: OTHER, rank: 1 },
      ],
      NOW - 30 * DAY,
    );
    await engine.record([{ feed: FEED, items, seenAt: NOW }]);
    if (others.length > 0) await engine.record([{ feed: OTHER, items: others, seenAt: NOW }]);
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
    // 310 matches, within each engine's window (PostgreSQL's is each feed's newest 334): the
    // title's match is behind the first matches read, SQLite's chunk of 200 and PostgreSQL's
    // first of each feed.
    await archiveOf([
      ...bodyOnly(300),
      archiveItem("titled", "Storm closes the bridge", NOW - 5 * DAY),
      archiveItem("described", "Bridge news", NOW - 6 * DAY, { description: "The storm passed" }),
      ...Array.from({ length: 8 }, (_, n) =>
        archiveItem(`old${n}`, `Archive note ${n}`, NOW - (20 + n) * DAY, { body: "storm" }),
      ),
    ]);
    const page = await ranked("storm", { limit: 5 });
    expect(keys(page)).toEqual(["titled", "described", "b0", "b1", "b2"]);
    // Counted whole: every match was walked.
    expect(page).toMatchObject({ total: 310, estimated: false });
    // A page deep in the ranking is the whole window's: the body's matches by age, then the
    // oldest ones.
    expect(keys(await ranked("storm", { offset: 300, limit: 5 }))).toEqual([
      "b298",
      "b299",
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

  test("a feed's heavier match outranks the newest of another feed, whose matches are older", async () => {
    // The local feed's matches a minute apart, the words in their titles, one of them in its
    // description too; the wire's a day apart, in their bodies alone. The wire's matches read
    // first reach weeks back, the local feed's an hour: the heavy one, 100 minutes back, is
    // behind the local feed's first but outweighs them.
    await archiveOf(
      Array.from({ length: 200 }, (_, n) =>
        n === 100
          ? archiveItem("heavy", "Storm watch", NOW - n * MINUTE, { description: "Storm at sea" })
          : archiveItem(`m${n}`, `Storm watch ${n}`, NOW - n * MINUTE),
      ),
      Array.from({ length: 100 }, (_, n) =>
        archiveItem(`w${n}`, `Wire ${n}`, NOW - (n + 1) * DAY, { body: "storm" }),
      ),
    );
    expect(keys(await ranked("storm", { limit: 5 }))).toEqual(["heavy", "m0", "m1", "m2", "m3"]);
    expect(keys(await ranked("storm", { offset: 198, limit: 3 }))).toEqual(["m198", "m199", "w0"]);
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
});
