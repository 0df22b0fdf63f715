import pg from "pg";
import { windowedCount } from "./budgeted-count";
import { feedIndexBuilt, postgresForFile, searchRequest } from "../../test-support/archive-engines";
import { PostgresArchive } from "./postgres-engine";
import { asksNothing, asPostgresReads, planSearch, wordsAsIndexed } from "./postgres-plan";
import { searchPlan } from "./postgres-plan";
import { FeedShares } from "./postgres-feed-index";
import { searchStatements, wantedOf, type SearchPlan } from "./postgres-query";
import { rankedPage, type InPlan } from "./postgres-search";
import { parseQuery } from "./query";
import type { ArchiveItemInput, EngineSearch } from "./types";

/**
 * The shared engine reads a search's matches one of three ways (postgres-plan.ts, searchPlan):
 * walking each feed newest first, the index of feeds and words once a feed, or the words'
 * index once (before the first is built). Whichever it picks, the page and the count must be
 * the same: all three are run here over one archive, on the cases that differ between them (sections, date bounds at the second, later pages, relevance's window,
 * exclusions, OR, phrases, withdrawals, another publication's feed).
 */

const postgres = postgresForFile();
const NOW = Date.UTC(2026, 10, 30, 15, 0, 0);
const HOUR = 3_600_000;
const LOCAL = "https://a.example/local.xml";
const SPORTS = "https://wire.example/sports.xml";
const ELSEWHERE = "https://lakeside.example/local.xml";
const HAMLET = "https://hamlet.example/local.xml";
const CARRIAGE = [
  { publication: "riverbend", section: "local", feed: LOCAL, rank: 0 },
  { publication: "riverbend", section: "sports", feed: SPORTS, rank: 1 },
  { publication: "lakeside", section: "local", feed: ELSEWHERE, rank: 0 },
  { publication: "lakeside", section: "sports", feed: SPORTS, rank: 1 },
  { publication: "hamlet", section: "local", feed: HAMLET, rank: 0 },
];
const WORDS = ["river", "bridge", "market", "school", "garden", "harbor", "library", "ferry"];

/** 600 items a feed, an hour apart: "council" in every other one, "ferry" in every 97th. */
function items(feed: string): ArchiveItemInput[] {
  return Array.from({ length: 600 }, (_, n) => {
    const words = [WORDS[n % 7], WORDS[(n * 3) % 7], n % 97 === 0 ? "ferry" : "notice"];
    return {
      key: `${feed}#${n}`,
      title: `${n % 2 === 0 ? "Council" : "Board"} ${words.join(" ")} small town ${n}`,
      description: n % 5 === 0 ? "The small town council meets" : "A town meeting, small",
      body: "",
      link: `${feed.replace(/\.xml$/, "")}/${n}`,
      imageUrl: "",
      publishedAt: NOW - (n + 1) * HOUR,
    };
  });
}

let url: string;
let engine: PostgresArchive;
let client: pg.Client;

beforeAll(async () => {
  url = await postgres.freshDatabase();
  engine = new PostgresArchive(url);
  await engine.migrate();
  await engine.syncCarriage(CARRIAGE, NOW - 10_000 * HOUR);
  for (const feed of [LOCAL, SPORTS, ELSEWHERE])
    await engine.record([{ feed, items: items(feed), seenAt: NOW }]);
  await engine.record([{ feed: HAMLET, items: items(HAMLET).slice(0, 30), seenAt: NOW }]);
  await engine.withdraw({
    publication: "riverbend",
    link: `${LOCAL.replace(/\.xml$/, "")}/2`,
    by: "editor",
    at: NOW,
  });
  client = new pg.Client(url);
  client.on("error", () => {});
  await client.connect();
  // The index of feeds and words, built in the background after the migration.
  await feedIndexBuilt(url);
  await client.query("ANALYZE");
}, 60_000);

afterAll(async () => {
  await client?.end();
  await engine?.close();
});

const request = (text: string, over: Partial<EngineSearch> = {}) => searchRequest(text, NOW, over);
const query = async <Row>(text: string, values?: unknown[]) =>
  (await client.query(text, values)).rows as Row[];

async function run(search: EngineSearch, plan: SearchPlan) {
  const statements = searchStatements(search, plan)!;
  await client.query("BEGIN");
  try {
    if (plan === "walk") await client.query("SET LOCAL enable_bitmapscan = off");
    const page = await client.query(statements.page.text, statements.page.values);
    const between = async (low: number, high: number, limit: number) => {
      const { text, values } = statements.countBetween(low, high, limit);
      return Number((await client.query(text, values)).rows[0].total);
    };
    // The walk counts window by window (a day, then twice the one before), here without a
    // budget: the windows' counts add up to the index's whole count, none counted twice.
    const { rows } = await client.query("SELECT min(id) AS low, max(id) AS high FROM items");
    const total =
      plan === "walk"
        ? (
            await windowedCount(
              between,
              { low: Number(rows[0].low), high: Number(rows[0].high) + 1 },
              search.countLimit,
              Infinity,
              () => 0,
            )
          ).total
        : await between(0, Number.MAX_SAFE_INTEGER, search.countLimit + 1);
    return { ids: page.rows.map((row) => String(row.id)), total };
  } finally {
    await client.query("COMMIT");
  }
}

const CASES: [string, EngineSearch][] = [
  ["a common word", request("council")],
  ["a rare word", request("ferry")],
  ["a later page", request("council", { offset: 40 })],
  ["a section", request("council", { section: "sports" })],
  [
    "dates, bounds that fall within a second",
    request("council", { from: NOW - 200 * HOUR + 500, to: NOW - 100 * HOUR + 1 }),
  ],
  ["from alone", request("town", { from: NOW - 30 * HOUR })],
  ["to alone", request("town", { to: NOW - 500 * HOUR })],
  ["an exclusion", request("council -river")],
  ["OR", request("ferry OR library")],
  ["a phrase", request('"small town council"')],
  ["relevance", request("council meets", { order: "relevance" })],
  ["another publication", request("council", { publication: "lakeside" })],
];

test.each(CASES)("%s: the three plans give the same page and count", async (_, search) => {
  const walk = await run(search, "walk");
  expect(await run(search, "index")).toEqual(walk);
  expect(await run(search, "feeds")).toEqual(walk);
  expect(walk.ids.length).toBeGreaterThan(0);
  // And the engine, whichever it chose, gives that page.
  const answer = await engine.search(search);
  expect(answer.hits.map((hit) => hit.id)).toEqual(walk.ids);
  // Its count is the walk's: a publication of so few rows is counted whole (countsWhole).
  expect(answer).toMatchObject({ total: walk.total, estimated: false });
});

test("a walk over few rows is counted whole, however long its statements wait", async () => {
  // Dates, so the walk's count starts at its first window (no ends of the archive asked).
  const search = request("council", { from: NOW - 100 * 24 * HOUR, to: NOW });
  expect((await planSearch(query, search))?.plan).toBe("walk");
  const { total } = await run(search, "walk");
  // The items locked while the search starts: its first statements wait, as on a machine busy
  // enough to spend a count's budget on its first window.
  await client.query("BEGIN");
  await client.query("LOCK TABLE items IN ACCESS EXCLUSIVE MODE");
  const answer = engine.search(search);
  await new Promise((resolve) => setTimeout(resolve, 200));
  await client.query("COMMIT");
  expect(await answer).toMatchObject({ total, estimated: false });
});

test("the page honours withdrawals and the publication's feeds on every plan", async () => {
  for (const plan of ["walk", "feeds", "index"] as const) {
    const { ids } = await run(request("council", { limit: 1000 }), plan);
    const links = (
      await client.query("SELECT link, feed FROM items WHERE id = ANY($1::bigint[])", [ids])
    ).rows as { link: string; feed: string }[];
    expect(links.map((row) => row.link)).not.toContain(`${LOCAL.replace(/\.xml$/, "")}/2`);
    expect(new Set(links.map((row) => row.feed))).toEqual(new Set([LOCAL, SPORTS]));
  }
});

const ALL = ["walk", "feeds", "index"] as const;

test.each([
  // Council in the title and the description, every tenth item: the newest weigh the most.
  ["the first page of a common word", request("council", { limit: 5 }), ALL],
  ["a later page", request("council", { offset: 2, limit: 3 }), ALL],
  // Its last rows older than the 27 matches read of each feed, not the 400 of all of them.
  ["a page past the first matches' reach", request("council", { limit: 20 }), ["index"]],
  ["a rare word, its matches all read first", request("ferry", { limit: 5 }), ALL],
  // No title holds both words: none weighs more than 4, a match not read could weigh 13.
  ["words no title holds", request("council meets", { publication: "lakeside", limit: 5 }), []],
] as const)(
  "relevance, %s: the page of the first matches read is the whole window's, whatever the plans",
  async (_, asked, settles: readonly SearchPlan[]) => {
    const search = { ...asked, order: "relevance" } as EngineSearch;
    const planned = (plan: SearchPlan) => ({ plan, statements: searchStatements(search, plan)! });
    for (const first of ALL)
      for (const window of ALL) {
        const asks: { plan: SearchPlan; text: string }[] = [];
        const inPlan: InPlan = async (plan, work) => {
          await client.query("BEGIN");
          try {
            if (plan === "walk") await client.query("SET LOCAL enable_bitmapscan = off");
            return await work(async (text, values) => {
              asks.push({ plan, text });
              return query(text, values);
            });
          } finally {
            await client.query("COMMIT");
          }
        };
        const reads = { first: planned(first), window: planned(window) };
        const ranked = await rankedPage(search, inPlan, reads);
        const whole = await run(search, window);
        expect(ranked.map((row) => String(row.id))).toEqual(whole.ids);
        expect(whole.ids.length).toBe(search.limit);
        // The first matches read in the first plan; the window's statement asked, in its own
        // plan, only where they leave the page unsettled.
        expect(asks[0]).toEqual({ plan: first, text: reads.first.statements.newest(400).text });
        expect(asks.filter((ask) => ask.text === reads.window.statements.page.text)).toEqual(
          settles.includes(first)
            ? []
            : [{ plan: window, text: reads.window.statements.page.text }],
        );
      }
  },
);

describe("searchPlan", () => {
  const uses = new Map([
    ["council", 500_000],
    ["small", 190_000],
    ["town", 170_000],
    ["ferry", 300],
  ]);
  const plan = (text: string, wanted = 20, total = 1_000_000) =>
    searchPlan(parseQuery(text).engine, uses, total, wanted);

  it("walks for a common word, and reads the index for a rare one or one never seen", () => {
    expect(plan("council")).toBe("walk");
    expect(plan("ferry")).toBe("index");
    expect(plan("zeppelin")).toBe("index");
  });

  it("weighs every required word: a common word beside a rare one is rare", () => {
    expect(plan("council ferry")).toBe("index");
    expect(plan("council -ferry")).toBe("walk");
    expect(plan("ferry OR council")).toBe("walk");
  });

  it("takes a phrase of common words for rarer than the words, and a deep page for dearer", () => {
    expect(plan("small town")).toBe("walk");
    expect(plan('"small town"')).toBe("index");
    expect(plan("council", 20)).toBe("walk");
    expect(plan("council", 50_000)).toBe("index");
  });

  it("weighs a phrase by its pairs' rows once every row read holds them", () => {
    const paired = (text: string) => searchPlan(parseQuery(text).engine, uses, 1_000_000, 20, true);
    // Its words' entries were too many to read; its pairs' are the rows it is in.
    expect(plan('"council small"')).toBe("walk");
    expect(paired('"council small"')).toBe("index");
    expect(paired("council small")).toBe("walk");
    expect(paired("council")).toBe("walk");
  });

  it("plans relevance's first matches for their few rows a feed, its window for its many", () => {
    // A word in one item of five, feeds of 1,000 rows: the window's 334 matches a feed would
    // walk each feed whole, where the index of feeds and words finds them; the first 27 are
    // within the newest 135 rows.
    const relevance = request("weekly", { order: "relevance" });
    const planned = (first: boolean) =>
      searchPlan(
        relevance.query,
        new Map([["weekly", 200_000]]),
        1_000_000,
        wantedOf(relevance, first),
        false,
        1000,
      );
    expect(wantedOf(relevance, true)).toBe(27);
    expect(planned(true)).toBe("walk");
    expect(planned(false)).toBe("feeds");
  });

  it("reads the index while the planner has not counted the items", () => {
    expect(plan("council", 20, 0)).toBe("index");
  });

  it("once the index of feeds and words is built, asks it where it would have read the words' index", () => {
    // A million items, 1,000 in each of the publication's feeds.
    const feeds = (text: string, wanted = 20, paired = false) =>
      searchPlan(parseQuery(text).engine, uses, 1_000_000, wanted, paired, 1000);
    expect(feeds("council")).toBe("walk");
    expect(feeds("ferry")).toBe("feeds");
    expect(feeds("zeppelin")).toBe("feeds");
    expect(feeds("council ferry")).toBe("feeds");
    expect(feeds("ferry OR council")).toBe("walk");
    expect(feeds('"small town"')).toBe("feeds");
    // A deep page: a walk reads each feed to its end, 1,000 rows, against 500 matches read
    // across the table.
    expect(feeds("council", 50_000)).toBe("walk");
    // Relevance's window of a common word (333 a feed): the feeds' newest matches walked, not
    // their year's read across the table.
    expect(feeds("council", 333)).toBe("walk");
    // Ten million items, 11,000 in each feed: a word in one item in fifty is walked 1,000 rows
    // a feed deep; the index finds its 220 a feed.
    expect(
      searchPlan(
        parseQuery("managers").engine,
        new Map([["managers", 190_000]]),
        10_000_000,
        20,
        true,
        11_000,
      ),
    ).toBe("feeds");
    expect(searchPlan(parseQuery("council").engine, uses, 0, 20, false, 170)).toBe("feeds");
  });
});

describe("the query as PostgreSQL reads it", () => {
  const usesOf = async (words: string[]) =>
    (
      await client.query<{ word: string; uses: string }>(
        "SELECT word, uses FROM words WHERE word = ANY($1::text[])",
        [words],
      )
    ).rows.reduce((sum, row) => sum + Number(row.uses), 0);

  it("drops the stop words, and the atoms and groups they leave empty", () => {
    const stops = new Set(["the", "with", "and"]);
    const read = (text: string) => asPostgresReads(parseQuery(text).engine, stops);
    expect(read('"with the" council -the')).toEqual({ all: [[{ word: "council" }]], none: [] });
    expect(read('"small and the town" OR the')).toEqual({
      all: [[{ phrase: ["small", "town"] }]],
      none: [],
    });
    expect(asksNothing(read('"and the" with'))).toBe(true);
    expect(asksNothing(read("the -council"))).toBe(false);
  });

  it("counts a word's uses by its stem, and names the stop words", async () => {
    // "meets" and "meeting" are one stem ("meet"); "ferry" is "ferri", not its start.
    const { total, uses, stops } = await wordsAsIndexed(query, ["meets", "ferry", "with", "the"]);
    expect(total).toBeGreaterThan(1000);
    expect(uses.get("meets")).toBe(await usesOf(["meets", "meeting"]));
    expect(uses.get("meets")).toBeGreaterThan(await usesOf(["meets"]));
    expect(uses.get("ferry")).toBe(await usesOf(["ferry"]));
    expect(stops).toEqual(new Set(["with", "the"]));
  });

  it("weighs a publication's feeds by their rows, as PostgreSQL's statistics count them", async () => {
    const shares = new FeedShares();
    const shareOf = async (publication: string) =>
      shares.of(query, (await wordsAsIndexed(query, ["ferry"], publication)).publicationFeeds);
    // Two feeds of 600 items of the 1,830, against one of 30.
    expect(await shareOf("riverbend")).toBeCloseTo(1200 / 1830, 2);
    expect(await shareOf("hamlet")).toBeCloseTo(30 / 1830, 2);
    expect(await shareOf("nowhere")).toBeNull();
  });

  it("finds nothing to read for stop words alone, and the engine answers nothing", async () => {
    expect(await planSearch(query, request('"and the" with'))).toBeNull();
    expect(await engine.search(request('"and the" with'))).toEqual({ hits: [], total: 0 });
    // A stop word beside a word is the word: the same page, and the same count.
    expect(await engine.search(request('"the council"'))).toEqual(
      await engine.search(request("council")),
    );
  });
});
