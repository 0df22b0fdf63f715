import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  archiveDay,
  changeWithdrawal,
  dayOf,
  isWithdrawn,
  readSearchRequest,
  searchArchive,
  type CarriageRow,
} from "../../archive";
import type { ArchiveOwner } from "../../archive/calendar";
import { flush, recordFeed, setCarriageSource } from "../../archive/recorder";
import { SqliteArchive } from "../../archive/sqlite/client";
import { searchRequest } from "../../../test-support/archive-engines";
import type { FeedArticle } from "../types";
import { storeCopy } from "./copies";
import { feedStore, type FeedCopy } from "./feed-store";

/**
 * The recording path end to end, on a real archive file: a feed's copy stored (as a poll, a
 * push or a refresh stores it, lib/news/store/copies.ts) reaches lib/archive, which keeps every
 * item once per feed, also after the item leaves its feed, for every publication that carries
 * the feed, and for another process that opens the same file (an instance restarted).
 */

const dir = mkdtempSync(path.join(os.tmpdir(), "riverbend-recording-"));
const FILE = path.join(dir, "archive.sqlite");
// Read by config() on the archive's first use, after the modules above are loaded.
process.env.ARCHIVE_FILE = FILE;

jest.mock("../../ops/log", () => ({
  ...jest.requireActual("../../ops/log"),
  logger: () => ({ info: jest.fn(), warn: jest.fn(), error: jest.fn() }),
}));

const NATIONAL = "https://feeds.example/national.xml";
const LAKESIDE_LOCAL = "https://feeds.example/lakeside-local.xml";
const CARRIAGE: CarriageRow[] = [
  ...["riverbend", "lakeside", "hillcountry"].map((publication) => ({
    publication,
    section: "national",
    feed: NATIONAL,
    rank: 1,
  })),
  { publication: "lakeside", section: "local", feed: LAKESIDE_LOCAL, rank: 0 },
];
const owner = (key: string): ArchiveOwner => ({ key, timeZone: "America/Chicago" });
const SECTIONS = [
  { slug: "local", title: "Local News" },
  { slug: "national", title: "National News" },
];

/** Three days ago at noon in Chicago: a past day of the archive. */
const PUBLISHED = Date.now() - 3 * 86_400_000;

function article(n: number, title: string, description: string): FeedArticle {
  return {
    title,
    description,
    link: `https://news.example/national/${n}`,
    pubDate: new Date(PUBLISHED - n * 60_000).toISOString(),
    imageUrl: "/images/default.jpg",
  };
}

const VOTE = article(1, "Valley Vote Sets the Spring Budget", "Three county councils agreed.");
const FLOOD = article(2, "River Crest Expected Friday", "Sandbags are handed out downtown.");
const OTTERS = article(3, "Otters Return to the Lake", "Lakeside's own story of the shore.");

async function store(url: string, articles: FeedArticle[]): Promise<void> {
  const previous = await feedStore().getCopy(url);
  const copy: FeedCopy = { articles, etag: null, lastModified: null };
  await feedStore().setCopy(url, await storeCopy(url, copy, previous));
  await flush();
}

const titles = async (key: string, q: string) =>
  (await searchArchive(owner(key), readSearchRequest({ q }, SECTIONS))).hits.map(
    (hit) => hit.title,
  );

/** The feed's rows in the file, asked of SQLite itself. */
function rowsOf(feed: string): string[] {
  const db = new DatabaseSync(FILE, { readOnly: true });
  try {
    const rows = db.prepare("SELECT key FROM items WHERE feed = ? ORDER BY key").all(feed);
    return rows.map((row) => String(row.key));
  } finally {
    db.close();
  }
}

beforeAll(() => setCarriageSource(() => CARRIAGE));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("recording what feeds carry", () => {
  it("a stored copy's items are in the archive, once, though three publications carry the feed", async () => {
    await store(NATIONAL, [VOTE, FLOOD]);
    await store(LAKESIDE_LOCAL, [OTTERS]);
    expect(rowsOf(NATIONAL)).toEqual([VOTE.link, FLOOD.link]);
    for (const key of ["riverbend", "lakeside", "hillcountry"])
      expect([key, await titles(key, "sandbags")]).toEqual([key, [FLOOD.title]]);
  });

  it("a headline that left its feed is still found, by a stemmed word of its description, and on its day", async () => {
    await store(NATIONAL, [FLOOD]);
    expect(rowsOf(NATIONAL)).toEqual([VOTE.link, FLOOD.link]);
    // "councils" in the description; the reader asks for "council".
    expect(await titles("riverbend", "councils")).toEqual([VOTE.title]);
    expect(await titles("riverbend", "council")).toEqual([VOTE.title]);
    const day = await archiveDay(owner("riverbend"), dayOf(PUBLISHED, "America/Chicago"));
    expect(day?.headlines.map((headline) => headline.title)).toContain(VOTE.title);
    expect(day?.complete).toBe(true);
  });

  it("another process opening the file (an instance restarted) finds the same", async () => {
    const reopened = new SqliteArchive(FILE);
    try {
      const found = await reopened.search(searchRequest("council", Date.now()));
      expect(found.hits.map((hit) => hit.title)).toEqual([VOTE.title]);
    } finally {
      await reopened.close();
    }
  });

  it("an unchanged copy records nothing new; an edited item updates its record", async () => {
    await store(NATIONAL, [FLOOD]);
    await store(NATIONAL, [{ ...FLOOD, title: "River Crest Now Expected Saturday" }]);
    expect(rowsOf(NATIONAL)).toEqual([VOTE.link, FLOOD.link]);
    expect(await titles("lakeside", "sandbags")).toEqual(["River Crest Now Expected Saturday"]);
  });

  it("no publication finds another's own feed", async () => {
    expect(await titles("lakeside", "otters")).toEqual([OTTERS.title]);
    expect(await titles("riverbend", "otters")).toEqual([]);
    expect(await titles("hillcountry", "otters")).toEqual([]);
  });

  it("an editor's withdrawal leaves one publication's search and day; the operators', every one's", async () => {
    const day = dayOf(PUBLISHED, "America/Chicago");
    const onDay = async (key: string) =>
      (await archiveDay(owner(key), day))?.headlines.map((headline) => headline.title) ?? [];
    await changeWithdrawal(
      { target: "lakeside", link: VOTE.link, by: "editors of lakeside" },
      false,
    );
    expect(isWithdrawn("lakeside", VOTE.link)).toBe(true);
    expect(isWithdrawn("riverbend", VOTE.link)).toBe(false);
    expect(await titles("lakeside", "council")).toEqual([]);
    expect(await onDay("lakeside")).not.toContain(VOTE.title);
    expect(await titles("riverbend", "council")).toEqual([VOTE.title]);
    // The feed carrying it again records it again, and it stays withdrawn.
    await store(NATIONAL, [VOTE, FLOOD]);
    expect(await titles("lakeside", "council")).toEqual([]);

    await changeWithdrawal({ target: "*", link: VOTE.link, by: "operators" }, false);
    for (const key of ["riverbend", "lakeside", "hillcountry"]) {
      expect(isWithdrawn(key, VOTE.link)).toBe(true);
      expect([key, await titles(key, "council")]).toEqual([key, []]);
      expect(await onDay(key)).not.toContain(VOTE.title);
    }

    await changeWithdrawal({ target: "*", link: VOTE.link, by: "operators" }, true);
    await changeWithdrawal(
      { target: "lakeside", link: VOTE.link, by: "editors of lakeside" },
      true,
    );
    for (const key of ["riverbend", "lakeside", "hillcountry"]) {
      expect(isWithdrawn(key, VOTE.link)).toBe(false);
      expect([key, await titles(key, "council")]).toEqual([key, [VOTE.title]]);
    }
  });
  it("a feed the database refuses holds back only itself, and is written once it can be", async () => {
    const REFUSED = "https://feeds.example/refused.xml";
    const HERON = { ...article(4, "Herons Nest on the Island", "Refused."), link: `${REFUSED}/4` };
    const ICE = article(5, "Ice Fair Opens on the Frozen Lake", "The national feed's own.");
    // The database itself refuses the feed's rows, as it would rows it cannot take.
    const db = new DatabaseSync(FILE);
    db.exec(`CREATE TRIGGER refuse BEFORE INSERT ON items WHEN new.feed = '${REFUSED}'
      BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    try {
      recordFeed(REFUSED, [HERON]);
      recordFeed(NATIONAL, [ICE]);
      // Asked in one transaction at first, both wait; then feed by feed, the national one is
      // written and the refused one waits alone.
      for (let flushes = 0; flushes < 4 && !rowsOf(NATIONAL).includes(ICE.link); flushes++)
        await flush();
      expect(rowsOf(NATIONAL)).toContain(ICE.link);
      expect(rowsOf(REFUSED)).toEqual([]);
    } finally {
      db.exec("DROP TRIGGER refuse");
      db.close();
    }
    await flush();
    expect(rowsOf(REFUSED)).toEqual([HERON.link]);
  });
});
