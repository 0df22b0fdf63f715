import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  archiveDay,
  archiveIndex,
  archiveMonth,
  archiveMonths,
  DAY_PAGE,
  dayPartOf,
  type ArchiveOwner,
} from "./calendar";
import { dayOf, startOfHour, type CalendarDay } from "./days";
import { withArchive } from "./engine";
import { flush, recordFeed, setCarriageSource, type RecordedArticle } from "./recorder";

/**
 * A day's page on a real archive file: a day of a few headlines is one page; a busy one (over
 * DAY_PAGE) is shown a part of the day at a time, its first part with headlines at the day's
 * own address, each part reading only its hours, as the publication's clocks tell them.
 */

const dir = mkdtempSync(path.join(os.tmpdir(), "riverbend-calendar-"));
// Read by config() on the archive's first use.
process.env.ARCHIVE_FILE = path.join(dir, "archive.sqlite");

jest.mock("../ops/log", () => ({
  ...jest.requireActual("../ops/log"),
  logger: () => ({ info: jest.fn(), warn: jest.fn(), error: jest.fn() }),
}));

const ZONE = "America/Chicago";
const FEEDS = ["a", "b", "c", "d"].map((name) => `https://feeds.example/${name}.xml`);
const OWNER: ArchiveOwner = { key: "riverbend", timeZone: ZONE };
const MINUTE = 60_000;

/** Past days of the archive: a quiet one, a busy one, a busy one with a quiet night. */
const before = (days: number) => dayOf(Date.now() - days * 86_400_000, ZONE);
const QUIET = before(12);
const BUSY = before(11);
const NO_NIGHT = before(10);

/** Each day's headlines by the hour of the publication's clocks. */
const HOURS: [CalendarDay, hours: Record<number, number>][] = [
  [QUIET, { 3: 2, 9: 2, 15: 2, 21: 2 }],
  [BUSY, { 1: 10, 5: 10, 7: 60, 11: 60, 13: 55, 17: 55, 20: 50 }],
  [NO_NIGHT, { 8: 100, 14: 100, 19: 100 }],
];

const articles: RecordedArticle[] = HOURS.flatMap(([day, hours]) =>
  Object.entries(hours).flatMap(([hour, count]) =>
    Array.from({ length: count }, (_, n) => ({
      title: `${day.month}/${day.day} at ${hour}h, number ${n}`,
      description: "",
      link: `https://news.example/${day.month}-${day.day}/${hour}/${n}`,
      imageUrl: "/images/default.jpg",
      pubDate: new Date(startOfHour(day, Number(hour), ZONE) + (n % 59) * MINUTE).toISOString(),
    })),
  ),
);

/** The hour of the publication's clocks a headline was published at. */
const hourOf = (at: number) =>
  Number(
    new Intl.DateTimeFormat("en-US", { hour: "numeric", hourCycle: "h23", timeZone: ZONE }).format(
      at,
    ),
  );

beforeAll(async () => {
  setCarriageSource(() =>
    FEEDS.map((feed, rank) => ({ publication: "riverbend", section: "local", feed, rank })),
  );
  // Dealt to four feeds, as a publication's busy day comes from many.
  FEEDS.forEach((feed, index) =>
    recordFeed(
      feed,
      articles.filter((_, n) => n % FEEDS.length === index),
    ),
  );
  await flush();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a day's page", () => {
  it("is the whole day when the day holds DAY_PAGE headlines or fewer", async () => {
    const page = await archiveDay(OWNER, QUIET);
    expect(page).toMatchObject({ part: null, parts: null, count: 8, complete: true });
    expect(page!.headlines.map((headline) => hourOf(headline.at))).toEqual([
      3, 3, 9, 9, 15, 15, 21, 21,
    ]);
    expect(page!.next).toEqual(BUSY);
    // A part asked of it (the part a story's headline is in, say) is the whole day.
    const noon = await archiveDay(OWNER, QUIET, 12);
    expect(noon).toMatchObject({ part: null, parts: null, count: 8 });
    expect(noon!.headlines).toEqual(page!.headlines);
  });

  it("of a busy day is its first part, listing the parts and their counts", async () => {
    const total = 10 + 10 + 60 + 60 + 55 + 55 + 50;
    expect(total).toBeGreaterThan(DAY_PAGE);
    const page = await archiveDay(OWNER, BUSY);
    expect(page).toMatchObject({
      part: 0,
      count: total,
      parts: [
        { part: 0, count: 20 },
        { part: 6, count: 120 },
        { part: 12, count: 110 },
        { part: 18, count: 50 },
      ],
      previous: QUIET,
      next: NO_NIGHT,
    });
    const hours = page!.headlines.map((headline) => headline.at);
    expect(hours.map(hourOf)).toEqual([...Array(10).fill(1), ...Array(10).fill(5)]);
    expect([...hours].sort((a, b) => a - b)).toEqual(hours);
  });

  it("reads a part's hours only, each part as the publication's clocks tell it", async () => {
    for (const [part, hours] of [
      [6, [7, 11]],
      [12, [13, 17]],
      [18, [20]],
    ] as const) {
      const page = await archiveDay(OWNER, BUSY, part);
      expect(page?.part).toBe(part);
      expect(page?.parts).toHaveLength(4);
      expect(new Set(page!.headlines.map((headline) => hourOf(headline.at)))).toEqual(
        new Set(hours),
      );
    }
  });

  it("of a busy day with a quiet night begins at its first part with headlines; a part with none is no page", async () => {
    const page = await archiveDay(OWNER, NO_NIGHT);
    expect(page?.part).toBe(6);
    expect(page?.parts?.map(({ part }) => part)).toEqual([6, 12, 18]);
    expect(page?.headlines).toHaveLength(100);
    expect(await archiveDay(OWNER, NO_NIGHT, 0)).toBeNull();
  });

  it("names the part a moment falls in, by the publication's clocks", () => {
    for (const [hour, part] of [
      [0, 0],
      [5, 0],
      [6, 6],
      [11, 6],
      [12, 12],
      [18, 18],
      [23, 18],
    ] as const) {
      const moment = startOfHour(BUSY, hour, ZONE) + 59 * MINUTE;
      expect([hour, dayPartOf(moment, ZONE)]).toEqual([hour, { day: BUSY, part }]);
    }
    expect(dayPartOf(startOfHour(BUSY, 6, ZONE) - 1, ZONE).part).toBe(0);
  });
});

describe("the archive's index", () => {
  /** The index as the months and each month's own page count it, each asked alone. */
  async function monthByMonth() {
    const months = await archiveMonths(OWNER);
    return Promise.all(
      months.map(async (month) => ({
        ...month,
        days: (await archiveMonth(OWNER, month.year, month.month)) ?? [],
      })),
    );
  }

  it("counts each month and lists its days as the month's own page does, from one count", async () => {
    const index = await archiveIndex(OWNER);
    expect(index).toEqual(await monthByMonth());
    expect(index.reduce((sum, { count }) => sum + count, 0)).toBe(articles.length);
    expect(index.flatMap(({ days }) => days.map(({ day }) => day))).toEqual(
      expect.arrayContaining([QUIET, BUSY, NO_NIGHT]),
    );
  });

  it("leaves out what the publication withdrew, as the month's page does", async () => {
    const busy = `https://news.example/${BUSY.month}-${BUSY.day}/`;
    const link = articles.find((article) => article.link.startsWith(busy))!.link;
    const withdrawal = { publication: OWNER.key, link, by: "an editor", at: Date.now() };
    const busyCount = async () =>
      (await archiveIndex(OWNER))
        .flatMap(({ days }) => days)
        .find(({ day }) => day.day === BUSY.day && day.month === BUSY.month)?.count;
    const before = await busyCount();
    expect(await withArchive((engine) => engine.withdraw(withdrawal))).toBe(true);
    try {
      expect(await busyCount()).toBe(before! - 1);
      expect(await archiveIndex(OWNER)).toEqual(await monthByMonth());
    } finally {
      await withArchive((engine) => engine.restore(OWNER.key, link));
    }
    expect(await busyCount()).toBe(before);
  });
});
