import { archiveEnginesUnderTest } from "../../test-support/archive-engines";
import {
  carriageSpans,
  countRanges,
  HOUR_MS,
  splitFeeds,
  splitRange,
  type Ranges,
} from "./hour-counts";
import type { ArchiveEngine, ArchiveItemInput, CarriageRow } from "./types";

/**
 * The calendar's counts are kept per feed and hour as items are recorded (hour-counts.ts);
 * whatever the carriage's history, the withdrawals, the prunes and the zone, a range's count
 * is the number of headlines the same range lists. Run against both engines.
 */

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 30, 12);
const WIRE = "https://wire.example/national.xml";
const LOCAL = "https://riverbend.example/local.xml";
const SPORTS = "https://sports.example/all.xml";

function items(prefix: string, count: number, from: number, every: number): ArchiveItemInput[] {
  return Array.from({ length: count }, (_, n) => ({
    key: `${prefix}-${n}`,
    title: `${prefix} story ${n}`,
    description: "",
    body: "",
    link: `https://${prefix}.example/${n}`,
    imageUrl: "",
    publishedAt: from + n * every,
  }));
}

const row = (publication: string, section: string, feed: string): CarriageRow => ({
  publication,
  section,
  feed,
  rank: 0,
});

/** Each range's count beside the headlines the range lists. */
async function countsAndLists(engine: ArchiveEngine, pub: string, ranges: [number, number][]) {
  const counts = await engine.countIn(pub, ranges);
  const lists = await Promise.all(
    ranges.map(async ([from, to]) => (await engine.between(pub, from, to, 100_000)).length),
  );
  return { counts, lists };
}

/** Days of a zone `offset` hours from UTC (a half: India's), the ten before NOW. */
const days = (offset: number): [number, number][] =>
  Array.from({ length: 10 }, (_, n) => {
    const start = Date.UTC(2026, 10, 20 + n) - offset * HOUR_MS;
    return [start, start + DAY];
  });

describe.each(archiveEnginesUnderTest())("the calendar's counts on $name", (under) => {
  let engine: ArchiveEngine;
  beforeEach(async () => {
    engine = await under.fresh();
    await engine.migrate();
  });
  afterEach(() => engine.close());

  it("equal the lists through carriage taken up late, dropped, withdrawals, prunes and zones", async () => {
    // From the start: riverbend carries the wire and its local feed.
    await engine.syncCarriage(
      [row("riverbend", "national", WIRE), row("riverbend", "local", LOCAL)],
      NOW - 20 * DAY,
    );
    const old = NOW - 12 * DAY;
    await engine.record([
      { feed: WIRE, items: items("wire", 300, old, 37 * 60_000), seenAt: old + 2 * DAY },
      { feed: LOCAL, items: items("local", 80, old, 3 * HOUR_MS), seenAt: old + 2 * DAY },
      { feed: SPORTS, items: items("sports", 60, old, 2 * HOUR_MS), seenAt: old + 2 * DAY },
    ]);
    // Later riverbend takes up sports (what sports carried before is not riverbend's), and
    // drops its local feed (what local carried until then stays riverbend's).
    await engine.syncCarriage(
      [
        row("riverbend", "national", WIRE),
        row("riverbend", "sports", SPORTS),
        row("riverbend", "features", SPORTS),
      ],
      NOW - 5 * DAY,
    );
    const late = NOW - 4 * DAY;
    await engine.record([
      { feed: SPORTS, items: items("sports-late", 30, late, HOUR_MS), seenAt: late + DAY },
      { feed: LOCAL, items: items("local-late", 20, late, HOUR_MS), seenAt: late + DAY },
      { feed: WIRE, items: items("wire-late", 40, late, 50 * 60_000), seenAt: late + DAY },
    ]);
    // Then takes its local feed up again: two spans of it, each counted as carried.
    await engine.syncCarriage(
      [
        row("riverbend", "national", WIRE),
        row("riverbend", "sports", SPORTS),
        row("riverbend", "features", SPORTS),
        row("riverbend", "local", LOCAL),
      ],
      NOW - 2 * DAY,
    );
    const again = NOW - 2 * DAY + HOUR_MS;
    await engine.record([
      { feed: LOCAL, items: items("local-again", 12, again, HOUR_MS), seenAt: again + DAY / 2 },
    ]);
    await engine.withdraw({
      publication: "riverbend",
      link: "https://wire.example/7",
      by: "t",
      at: NOW,
    });
    await engine.withdraw({ publication: "*", link: "https://local.example/3", by: "t", at: NOW });
    await engine.prune(old + 5 * HOUR_MS + 17 * 60_000);

    for (const offset of [0, -6, 5.5]) {
      const { counts, lists } = await countsAndLists(engine, "riverbend", days(offset));
      expect([offset, counts]).toEqual([offset, lists]);
      expect(counts.some((count) => count > 0)).toBe(true);
    }
    // A whole span at once (the archive's index asks months so).
    const { counts, lists } = await countsAndLists(engine, "riverbend", [[NOW - 30 * DAY, NOW]]);
    expect(counts).toEqual(lists);
    expect(counts[0]).toBeGreaterThan(300);
  });
});

describe("splitting", () => {
  it("takes a feed whole only when one row in force covers its first item", () => {
    expect(
      splitFeeds([
        { feed: "a", since: 0, until: null, firstSeen: 10 },
        { feed: "b", since: 20, until: null, firstSeen: 10 },
        { feed: "c", since: 0, until: 30, firstSeen: 10 },
        { feed: "d", since: 5, until: null, firstSeen: null },
      ]),
    ).toEqual({ whole: ["a", "d"], partial: ["b", "c"] });
  });

  it("reads a feed of one span (its rows alike, one a section) from its items' sightings", () => {
    expect(
      carriageSpans(
        [
          { feed: "a", since: 0, until: 30, firstSeen: 10 },
          { feed: "a", since: 0, until: 30, firstSeen: 10 },
          { feed: "b", since: 0, until: 30, firstSeen: 10 },
          { feed: "b", since: 40, until: null, firstSeen: 10 },
          { feed: "c", since: 20, until: null, firstSeen: 10 },
          { feed: "d", since: 20, until: null, firstSeen: 10 },
        ],
        ["a", "b", "c"],
      ),
    ).toEqual({
      spans: [
        ["a", 0, 30],
        ["c", 20, null],
      ],
      others: ["b"],
    });
  });

  it("cuts a range into whole hours and the edges around them", () => {
    const h = HOUR_MS;
    expect(splitRange(2 * h, 5 * h)).toEqual({ hours: [2, 5], edges: [] });
    expect(splitRange(2.5 * h, 5.5 * h)).toEqual({
      hours: [3, 5],
      edges: [
        [2.5 * h, 3 * h],
        [5 * h, 5.5 * h],
      ],
    });
    expect(splitRange(2.25 * h, 2.75 * h)).toEqual({ hours: null, edges: [[2.25 * h, 2.75 * h]] });
  });
});

describe("a page's counts", () => {
  it("ask each question once for all the ranges of the page, whatever their number", async () => {
    // A month of days half an hour off UTC (edges on both sides of each), a feed taken whole,
    // one taken up late; each read counts an hour or a moment's edge as one item.
    const days: [number, number][] = Array.from({ length: 31 }, (_, n) => [
      (24 * n + 0.5) * HOUR_MS,
      (24 * n + 24.5) * HOUR_MS,
    ]);
    const asked: string[] = [];
    const counts = await countRanges(days, {
      carriage: () => {
        asked.push("carriage");
        return [
          { feed: "whole", since: 0, until: null, firstSeen: 0 },
          { feed: "late", since: 10, until: null, firstSeen: 0 },
        ];
      },
      hours: (feeds, spans: Ranges) => {
        asked.push(`hours ${feeds.join()}`);
        return spans.map(([first, end]) => end - first);
      },
      exact: (feeds, spans: Ranges) => {
        asked.push(`exact ${feeds.join()}`);
        return spans.map(() => 1);
      },
      withdrawn: (spans: Ranges) => {
        asked.push("withdrawn");
        return spans.map((_, n) => n % 2);
      },
    });
    expect(asked).toEqual(["carriage", "hours whole", "exact whole", "exact late", "withdrawn"]);
    // 23 whole hours, two edges, the late feed's one, less every other range's withdrawal.
    expect(counts).toEqual(days.map((_, n) => 23 + 2 + 1 - (n % 2)));
  });
});
