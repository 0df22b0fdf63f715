import { DatabaseSync } from "node:sqlite";
import { sqliteForFile } from "../../../test-support/archive-engines";
import { STORY_WINDOW_MS } from "../stories/assign";
import type { ArchiveItemInput, CarriageRow } from "../types";
import { SqliteArchive } from "./client";
import { STORY_WORDS_MERGE } from "./story-words";

/**
 * The words items leave for later copies (story_words) are kept for two windows before the
 * newest item recorded, by the items' own clock: a month of a network's items recorded in a
 * few seconds (a replay, a restore, a bench) keeps two windows of words, as the same month
 * recorded as it happened would, not the whole month's.
 */

const files = sqliteForFile();
const HOUR = 3_600_000;
const FEEDS = ["https://wire.example/national.xml", "https://herald.example/local.xml"];
const CARRIAGE: CarriageRow[] = FEEDS.map((feed, rank) => ({
  publication: "riverbend",
  section: rank === 0 ? "national" : "local",
  feed,
  rank,
}));
/** A month ago: the items are of the month before now. */
const START = Date.now() - 40 * 24 * HOUR;

/** Made-up words, each in few items: distinctive, so every item leaves words. */
const word = (n: number) => `zal${(n * 7919) % 1009}ver${n % 13}`;

function itemsOf(hour: number, feed: number): ArchiveItemInput[] {
  return Array.from({ length: 3 }, (_, i) => {
    const n = hour * 10 + feed * 3 + i;
    return {
      key: `k${n}`,
      title: `${word(n)} ${word(n + 1)} council ${word(n + 2)} opens`,
      description: `The ${word(n + 3)} report on ${word(n + 4)} and ${word(n + 5)}.`,
      body: "",
      link: `https://example.org/${feed}/${n}`,
      imageUrl: "",
      publishedAt: START + hour * HOUR,
    };
  });
}

jest.setTimeout(60_000);

test("a month recorded at once keeps the words of two windows before its newest item", async () => {
  const file = files.fresh();
  const engine = new SqliteArchive(file);
  await engine.migrate();
  await engine.syncCarriage(CARRIAGE, START - HOUR);
  // 30 days, a read of each feed every 6 hours: 720 items, each read its own write.
  const hours = Array.from({ length: 120 }, (_, n) => n * 6);
  for (const hour of hours)
    await engine.record(
      FEEDS.map((feed, f) => ({ feed, items: itemsOf(hour, f), seenAt: START + hour * HOUR })),
    );
  await engine.close();

  const newest = START + hours.at(-1)! * HOUR;
  const db = new DatabaseSync(file, { readOnly: true });
  const { oldest, rows } = db
    .prepare(
      `SELECT min(at) AS oldest, count(*) AS rows FROM (
         SELECT at FROM story_words UNION ALL SELECT at FROM story_words_recent)`,
    )
    .get() as { oldest: number; rows: number };
  const grouped = db.prepare("SELECT count(*) AS n FROM items WHERE story IS NOT NULL").get() as {
    n: number;
  };
  db.close();
  // Every item was grouped, and the last two windows' items' words are there to be found.
  expect(grouped.n).toBe(720);
  expect(rows).toBeGreaterThan(0);
  // Removal runs once the items' clock has moved on an hour: at most that much older.
  expect(oldest).toBeGreaterThanOrEqual(newest - 2 * STORY_WINDOW_MS - 6 * HOUR);
  expect(oldest).toBeLessThanOrEqual(newest - 2 * STORY_WINDOW_MS + 6 * HOUR);
});

test("the recent words move into story_words once there are enough, and copies find items in either", async () => {
  const file = files.fresh();
  const engine = new SqliteArchive(file);
  await engine.migrate();
  await engine.syncCarriage(CARRIAGE, START - HOUR);
  // Items of 24 made-up words each, every one distinctive: each leaves 16. Enough of them,
  // an hour apart in fours, that the recent words pass STORY_WORDS_MERGE and move.
  const story = (n: number) => Array.from({ length: 24 }, (_, w) => `qor${n}x${w}vel`);
  const itemOf = (n: number, feed: number, hour: number): ArchiveItemInput => ({
    key: `m${n}-${feed}`,
    title: `${story(n).slice(0, 8).join(" ")}`,
    description: `${story(n).slice(8).join(" ")}.`,
    body: "",
    link: `https://example.org/${feed}/m${n}`,
    imageUrl: "",
    publishedAt: START + hour * HOUR,
  });
  const count = Math.ceil(STORY_WORDS_MERGE / 16) + 400;
  for (let first = 0; first < count; first += 400)
    await engine.record([
      {
        feed: FEEDS[1]!,
        items: Array.from({ length: 400 }, (_, i) =>
          itemOf(first + i, 1, Math.floor((first + i) / 4) / 60),
        ),
        seenAt: START + 100 * HOUR,
      },
    ]);
  const tables = () => {
    const db = new DatabaseSync(file, { readOnly: true });
    const [merged, recent] = ["story_words", "story_words_recent"].map(
      (table) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n,
    );
    db.close();
    return { merged: merged!, recent: recent! };
  };
  const before = tables();
  expect(before.merged).toBeGreaterThanOrEqual(STORY_WORDS_MERGE);
  expect(before.recent).toBeLessThan(STORY_WORDS_MERGE);
  expect(before.recent).toBeGreaterThan(0);
  // The wire's copies of an item whose words were moved and of one whose words are recent.
  const early = 10;
  const late = count - 10;
  await engine.record([
    {
      feed: FEEDS[0]!,
      items: [
        itemOf(early, 0, Math.floor(early / 4) / 60),
        itemOf(late, 0, Math.floor(late / 4) / 60),
      ],
      seenAt: START + 100 * HOUR,
    },
  ]);
  // An editor splits the early item out and undoes it: grouped again, it leaves its words
  // again, and those already in story_words are not written twice.
  const link = itemOf(early, 1, 0).link;
  for (const undo of [false, true])
    await engine.splitStory({ publication: "*", link, by: "operator", at: Date.now() }, undo);
  await engine.close();
  const db = new DatabaseSync(file, { readOnly: true });
  const twice = db
    .prepare(
      `SELECT count(*) AS n FROM story_words_recent r JOIN story_words s USING (word, at, item)`,
    )
    .get() as { n: number };
  expect(twice.n).toBe(0);
  const storyOf = (key: string) =>
    (
      db.prepare("SELECT coalesce(story, id) AS story FROM items WHERE key = ?").get(key) as {
        story: number;
      }
    ).story;
  expect(storyOf(`m${early}-0`)).toBe(storyOf(`m${early}-1`));
  expect(storyOf(`m${late}-0`)).toBe(storyOf(`m${late}-1`));
  expect(storyOf(`m${early}-1`)).not.toBe(storyOf(`m${late}-1`));
  db.close();
});

test("words older than two windows leave story_words when the recent words next move", async () => {
  const file = files.fresh();
  const engine = new SqliteArchive(file);
  await engine.migrate();
  await engine.syncCarriage(CARRIAGE, START - HOUR);
  // Twelve days of items, each leaving 16 words: the recent words move twice or more.
  const count = Math.ceil((2.5 * STORY_WORDS_MERGE) / 16);
  const hourOf = (n: number) => Math.floor((n / count) * 12 * 24);
  for (let first = 0; first < count; first += 400) {
    const items = Array.from({ length: Math.min(400, count - first) }, (_, i) => {
      const n = first + i;
      const words = Array.from({ length: 24 }, (_, w) => `zor${n}y${w}mek`);
      return {
        key: `f${n}`,
        title: words.slice(0, 8).join(" "),
        description: `${words.slice(8).join(" ")}.`,
        body: "",
        link: `https://example.org/f${n}`,
        imageUrl: "",
        publishedAt: START + hourOf(n) * HOUR,
      };
    });
    await engine.record([{ feed: FEEDS[1]!, items, seenAt: START + hourOf(first + 399) * HOUR }]);
  }
  await engine.close();
  const db = new DatabaseSync(file, { readOnly: true });
  const { oldest, rows } = db
    .prepare("SELECT min(at) AS oldest, count(*) AS rows FROM story_words")
    .get() as { oldest: number; rows: number };
  db.close();
  expect(rows).toBeGreaterThan(0);
  // Removed at the last move: at most the recent words' span (a move's worth of items, under
  // five days of these) older than two windows before the newest item.
  const newest = START + hourOf(count - 1) * HOUR;
  expect(oldest).toBeGreaterThan(newest - 2 * STORY_WINDOW_MS - 5 * 24 * HOUR);
});
