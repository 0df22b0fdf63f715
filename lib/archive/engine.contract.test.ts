import { archiveEnginesUnderTest, searchRequest } from "../../test-support/archive-engines";
import type { ArchiveEngine, ArchiveItemInput, EngineSearch } from "./types";

/**
 * The archive's contract, run against every engine (test-support/archive-engines.ts: SQLite
 * always, PostgreSQL on a server of its own). Each test gets an empty archive.
 */

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 30, 15, 0, 0);

function item(
  key: string,
  title: string,
  description = "",
  extra: Partial<ArchiveItemInput> = {},
): ArchiveItemInput {
  return {
    key,
    title,
    description,
    body: "",
    link: `https://news.example/${key}`,
    imageUrl: "/images/default.jpg",
    publishedAt: NOW - DAY,
    ...extra,
  };
}

function ask(engine: ArchiveEngine, text: string, over: Partial<EngineSearch> = {}) {
  return engine.search(searchRequest(text, NOW, over));
}

const titles = async (pending: ReturnType<typeof ask>) =>
  (await pending).hits.map((hit) => hit.title);

describe.each(archiveEnginesUnderTest())("the archive on $name", (under) => {
  let engine: ArchiveEngine;
  beforeEach(async () => {
    engine = await under.fresh();
    await engine.migrate();
    await engine.syncCarriage(
      [
        {
          publication: "riverbend",
          section: "local",
          feed: "https://a.example/local.xml",
          rank: 0,
        },
        {
          publication: "riverbend",
          section: "world",
          feed: "https://a.example/world.xml",
          rank: 1,
        },
        { publication: "lakeside", section: "world", feed: "https://a.example/world.xml", rank: 1 },
        { publication: "lakeside", section: "local", feed: "https://b.example/lake.xml", rank: 0 },
      ],
      NOW - 10 * DAY,
    );
  });
  afterEach(() => engine.close());

  it("migrates twice without harm, and records an item once however often it is read", async () => {
    await engine.migrate();
    const feed = "https://a.example/local.xml";
    expect(
      await engine.record([{ feed: feed, items: [item("1", "Council votes")], seenAt: NOW }]),
    ).toEqual({
      inserted: 1,
      updated: 0,
      unchanged: 0,
    });
    expect(
      await engine.record([
        { feed: feed, items: [item("1", "Council votes")], seenAt: NOW + 1000 },
      ]),
    ).toEqual({
      inserted: 0,
      updated: 0,
      unchanged: 1,
    });
    expect(
      await engine.record([
        { feed: feed, items: [item("1", "Council votes again")], seenAt: NOW + 2000 },
      ]),
    ).toEqual({
      inserted: 0,
      updated: 1,
      unchanged: 0,
    });
    expect(await titles(ask(engine, "council"))).toEqual(["Council votes again"]);
  });

  it("stems, folds case and accents, and weighs titles above descriptions", async () => {
    const feed = "https://a.example/local.xml";
    await engine.record([
      {
        feed: feed,
        items: [
          item("1", "Budget talks", "The councils met on Tuesday"),
          item("2", "Councils agree on a café", "A résumé of the day", {
            publishedAt: NOW - 2 * DAY,
          }),
        ],
        seenAt: NOW,
      },
    ]);
    expect(await titles(ask(engine, "council", { order: "relevance" }))).toEqual([
      "Councils agree on a café",
      "Budget talks",
    ]);
    expect(await titles(ask(engine, "CAFE"))).toEqual(["Councils agree on a café"]);
    expect(await titles(ask(engine, "resume"))).toEqual(["Councils agree on a café"]);
  });

  it("reads phrases, exclusions and OR", async () => {
    const feed = "https://a.example/local.xml";
    await engine.record([
      {
        feed: feed,
        items: [
          item("1", "City council approves budget", "", { publishedAt: NOW - 3 * DAY }),
          item("2", "Council of the city meets", "", { publishedAt: NOW - 2 * DAY }),
          item("3", "School budget vote", "", { publishedAt: NOW - DAY }),
        ],
        seenAt: NOW,
      },
    ]);
    expect(await titles(ask(engine, '"city council"'))).toEqual(["City council approves budget"]);
    expect(await titles(ask(engine, "council -budget"))).toEqual(["Council of the city meets"]);
    expect(await titles(ask(engine, "school OR approves"))).toEqual([
      "School budget vote",
      "City council approves budget",
    ]);
    expect(await titles(ask(engine, "budget"))).toEqual([
      "School budget vote",
      "City council approves budget",
    ]);
  });

  it("never takes a reader's text for syntax", async () => {
    await engine.record([
      {
        feed: "https://a.example/local.xml",
        items: [item("1", "Council (vote) * NEAR: ^ done")],
        seenAt: NOW,
      },
    ]);
    const hostile = [
      '"',
      '"council',
      "*",
      "council*",
      "title:council",
      "^council",
      "NEAR(council vote)",
      "(council",
      "council)",
      "'; DROP TABLE items; --",
      "\u0000\u0007council",
      "x".repeat(10_000),
      "😀 🗳️",
      "議会",
      "-",
      "- -council",
      "OR",
      "council OR",
      "OR council",
      "AND NOT",
    ];
    for (const text of hostile) await expect(ask(engine, text)).resolves.toHaveProperty("hits");
    expect(await titles(ask(engine, "NEAR(council vote) ^done:"))).toEqual([
      "Council (vote) * NEAR: ^ done",
    ]);
  });

  it("looks for a reader's words in the text alone, never in what the engine keeps beside it", async () => {
    await engine.record([
      {
        feed: "https://a.example/local.xml",
        items: [item("1", "Council votes"), item("2", "The F1 race comes to town")],
        seenAt: NOW,
      },
    ]);
    // The embedded engine indexes each item's feed as a token ("f1", "f2"): a reader's "f1"
    // finds the item that says it, not every item of the first feed.
    expect(await titles(ask(engine, "f1"))).toEqual(["The F1 race comes to town"]);
    expect(await titles(ask(engine, "f2"))).toEqual([]);
    expect(await titles(ask(engine, "council -f1"))).toEqual(["Council votes"]);
  });

  it("keeps each publication to the feeds it carried, and a shared feed's item stored once", async () => {
    const world = "https://a.example/world.xml";
    expect(
      await engine.record([{ feed: world, items: [item("w1", "Summit ends")], seenAt: NOW }]),
    ).toMatchObject({
      inserted: 1,
    });
    await engine.record([
      { feed: "https://b.example/lake.xml", items: [item("l1", "Lake summit")], seenAt: NOW },
    ]);
    expect(await titles(ask(engine, "summit"))).toEqual(["Summit ends"]);
    expect(await titles(ask(engine, "summit", { publication: "lakeside" }))).toEqual(
      ["Summit ends", "Lake summit"]
        .sort()
        .reverse()
        .filter((t) => t !== "") && expect.arrayContaining(["Summit ends", "Lake summit"]),
    );
    expect(
      (await ask(engine, "summit", { publication: "lakeside", section: "local" })).hits.map(
        (h) => h.section,
      ),
    ).toEqual(["local"]);
    expect((await ask(engine, "summit", { publication: "riverbend" })).hits[0]!.section).toBe(
      "world",
    );
  });

  it("keeps the history of carriage: a feed dropped later still shows the days it was carried", async () => {
    const local = "https://a.example/local.xml";
    await engine.record([
      {
        feed: local,
        items: [item("1", "Old story", "", { publishedAt: NOW - 5 * DAY })],
        seenAt: NOW - 5 * DAY,
      },
    ]);
    await engine.syncCarriage(
      [{ publication: "lakeside", section: "local", feed: "https://b.example/lake.xml", rank: 0 }],
      NOW - 4 * DAY,
    );
    await engine.record([
      { feed: local, items: [item("2", "New story", "", { publishedAt: NOW })], seenAt: NOW },
    ]);
    expect(await titles(ask(engine, "story"))).toEqual(["Old story"]);
    expect(
      await engine.countIn("riverbend", [
        [NOW - 6 * DAY, NOW - 4 * DAY],
        [NOW - DAY, NOW + DAY],
      ]),
    ).toEqual([1, 0]);
  });

  it("filters by moments, lists a range oldest first, and spans it", async () => {
    const local = "https://a.example/local.xml";
    await engine.record([
      {
        feed: local,
        items: [
          item("1", "Monday story", "", { publishedAt: NOW - 3 * DAY }),
          item("2", "Tuesday story", "", { publishedAt: NOW - 2 * DAY }),
          item("3", "Tomorrow story", "", { publishedAt: NOW + DAY }),
          item("4", "Undated story", "", { publishedAt: null }),
        ],
        seenAt: NOW,
      },
    ]);
    expect(await titles(ask(engine, "story", { from: NOW - 2.5 * DAY, to: NOW - DAY }))).toEqual([
      "Tuesday story",
    ]);
    expect(
      (await engine.between("riverbend", NOW - 4 * DAY, NOW + 2 * DAY, 10)).map((h) => [
        h.title,
        h.at,
      ]),
    ).toEqual(
      [
        ["Monday story", NOW - 3 * DAY],
        ["Tuesday story", NOW - 2 * DAY],
        ["Tomorrow story", NOW],
        ["Undated story", NOW],
      ].sort((a, b) => (a[1] as number) - (b[1] as number)),
    );
    expect(await engine.span("riverbend")).toEqual({ first: NOW - 3 * DAY, last: NOW });
    expect(await engine.span("nowhere")).toBeNull();
  });

  it("counts up to its limit, and pages", async () => {
    const local = "https://a.example/local.xml";
    await engine.record([
      {
        feed: local,
        items: Array.from({ length: 30 }, (_, n) =>
          item(`k${n}`, `Storm update ${n}`, "", { publishedAt: NOW - n * 60_000 }),
        ),
        seenAt: NOW,
      },
    ]);
    const first = await ask(engine, "storm", { limit: 20, countLimit: 25 });
    expect(first.total).toBe(26);
    expect(first.hits[0]!.title).toBe("Storm update 0");
    expect((await ask(engine, "storm", { offset: 20 })).hits).toHaveLength(10);
    // Ranked by relevance, the same count: exact under the limit, one past it over, and within
    // the search's dates (the embedded engine takes it from the ranking's walk).
    const ranked = { order: "relevance", limit: 5 } as const;
    expect(await ask(engine, "storm", { ...ranked, countLimit: 25 })).toMatchObject({
      total: 26,
      estimated: false,
    });
    expect((await ask(engine, "storm", ranked)).total).toBe(30);
    expect((await ask(engine, "storm", { ...ranked, from: NOW - 9.5 * 60_000 })).total).toBe(10);
    expect((await ask(engine, "storm update 7", ranked)).total).toBe(1);
  });

  it("withdraws a link from one publication, or from all, and restores it", async () => {
    const world = "https://a.example/world.xml";
    await engine.record([{ feed: world, items: [item("w1", "Wrong story")], seenAt: NOW }]);
    expect(
      await engine.withdraw({
        publication: "riverbend",
        link: "https://news.example/w1",
        by: "editor of riverbend",
        at: NOW,
      }),
    ).toBe(true);
    expect(
      await engine.withdraw({
        publication: "riverbend",
        link: "https://news.example/w1",
        by: "again",
        at: NOW,
      }),
    ).toBe(false);
    expect(await titles(ask(engine, "wrong"))).toEqual([]);
    expect(await titles(ask(engine, "wrong", { publication: "lakeside" }))).toEqual([
      "Wrong story",
    ]);
    expect(await engine.between("riverbend", 0, NOW * 2, 10)).toEqual([]);
    // A day's count leaves it out too, withdrawn here and (below) from every publication.
    await engine.record([{ feed: world, items: [item("w2", "Right story")], seenAt: NOW }]);
    const day = [[NOW - DAY, NOW + DAY]] as const;
    expect(await engine.countIn("riverbend", day)).toEqual([1]);
    expect(await engine.countIn("lakeside", day)).toEqual([2]);
    await engine.record([
      { feed: world, items: [item("w1", "Wrong story")], seenAt: NOW + 60_000 },
    ]);
    expect(await titles(ask(engine, "wrong"))).toEqual([]);
    const { list, changedAt } = await engine.withdrawals();
    expect(list).toEqual([
      {
        publication: "riverbend",
        link: "https://news.example/w1",
        by: "editor of riverbend",
        at: NOW,
      },
    ]);
    expect(changedAt).toBeGreaterThanOrEqual(NOW);
    expect(await engine.restore("riverbend", "https://news.example/w1")).toBe(true);
    expect(await titles(ask(engine, "wrong"))).toEqual(["Wrong story"]);
    await engine.withdraw({
      publication: "*",
      link: "https://news.example/w1",
      by: "operators",
      at: NOW,
    });
    expect(await titles(ask(engine, "wrong", { publication: "lakeside" }))).toEqual([]);
    expect(await engine.countIn("lakeside", day)).toEqual([1]);
    // Withdrawn twice over (here, and from all): counted out once.
    await engine.withdraw({
      publication: "riverbend",
      link: "https://news.example/w1",
      by: "editor of riverbend",
      at: NOW,
    });
    expect(await engine.countIn("riverbend", day)).toEqual([1]);
    // Counted out of the range it falls in, of several asked at once.
    expect(
      await engine.countIn("lakeside", [
        [NOW - 3 * DAY, NOW - DAY],
        ...day,
        [NOW + DAY, NOW + 2 * DAY],
      ]),
    ).toEqual([0, 1, 0]);
  });

  it("moves changedAt on every change, whatever the clock of the instance making it", async () => {
    // Instances compare changedAt with the last they read: a change that left it as it was
    // would never reach the others. Another instance's clock may be behind, or two changes
    // fall in one millisecond.
    const link = (n: number) => `https://news.example/c${n}`;
    const seen = [(await engine.withdrawals()).changedAt];
    const changes = [
      () => engine.withdraw({ publication: "riverbend", link: link(1), by: "a", at: NOW }),
      () => engine.withdraw({ publication: "lakeside", link: link(2), by: "b", at: NOW }),
      () => engine.withdraw({ publication: "lakeside", link: link(3), by: "c", at: NOW - DAY }),
      () => engine.withdraw({ publication: "*", link: link(4), by: "d", at: NOW * 2 }),
      () => engine.restore("lakeside", link(2)),
      () => engine.restore("*", link(4)),
    ];
    for (const change of changes) {
      expect(await change()).toBe(true);
      seen.push((await engine.withdrawals()).changedAt);
    }
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);
    // Nothing changed, nothing moves.
    expect(await engine.restore("lakeside", link(2))).toBe(false);
    expect((await engine.withdrawals()).changedAt).toBe(seen.at(-1));
  });

  it("offers the archive's own words for a misspelling, and prunes old items", async () => {
    const local = "https://a.example/local.xml";
    await engine.record([
      {
        feed: local,
        items: [
          item("1", "Council budget", "council council", { publishedAt: NOW - 400 * DAY }),
          item("2", "Counsel hired", ""),
        ],
        seenAt: NOW,
      },
    ]);
    const words = (await engine.wordsLike("councel", 50)).map((entry) => entry.word);
    expect(words).toEqual(expect.arrayContaining(["council", "counsel"]));
    expect(await engine.prune(NOW - 365 * DAY)).toBe(1);
    expect(await titles(ask(engine, "council"))).toEqual([]);
    expect(await titles(ask(engine, "counsel"))).toEqual(["Counsel hired"]);
  });
});

describe.each(archiveEnginesUnderTest())("the archive's neighbours on $name", (under) => {
  it("finds the nearest moment before and after, skipping withdrawn items", async () => {
    const engine = await under.fresh();
    await engine.migrate();
    const feed = "https://a.example/local.xml";
    await engine.syncCarriage([{ publication: "riverbend", section: "local", feed, rank: 0 }], 0);
    await engine.record([
      {
        feed: feed,
        items: [
          item("1", "First", "", { publishedAt: NOW - 5 * DAY }),
          item("2", "Second", "", { publishedAt: NOW - 3 * DAY }),
          item("3", "Third", "", { publishedAt: NOW - DAY }),
        ],
        seenAt: NOW,
      },
    ]);
    expect(await engine.nearest("riverbend", NOW - 2 * DAY, "before")).toBe(NOW - 3 * DAY);
    expect(await engine.nearest("riverbend", NOW - 2 * DAY, "after")).toBe(NOW - DAY);
    await engine.withdraw({
      publication: "riverbend",
      link: "https://news.example/2",
      by: "t",
      at: NOW,
    });
    expect(await engine.nearest("riverbend", NOW - 2 * DAY, "before")).toBe(NOW - 5 * DAY);
    expect(await engine.nearest("riverbend", NOW, "after")).toBeNull();
    await engine.close();
  });
});
