import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { postgresForFile, sqliteForFile } from "../../../test-support/archive-engines";
import { PostgresArchive } from "../postgres-engine";
import { postgresStoryStore } from "../postgres-stories";
import { SqliteArchive } from "../sqlite/client";
import { sqliteWordStore } from "../sqlite/story-words";
import type { ArchiveEngine, ArchiveItemInput } from "../types";
import type { StoryStore, WordAsk } from "./assign";

/**
 * How each engine's store finds a step's candidates by word (StoryStore.candidates), on both
 * engines: a word more items left within an ask's range than `most` is crowded and not asked,
 * and an asker's `least` falls to the asks it has left. A crowded ask reads `most` + 1 rows,
 * never the thousands a common word holds in a busy network's window.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const AT = Date.UTC(2026, 10, 20, 18);
const FEED = "https://wire.example/national.xml";

/** Five items, each of its own text (the words they leave below are the test's own). */
const ITEMS: ArchiveItemInput[] = Array.from({ length: 5 }, (_, n) => ({
  key: `k${n + 1}`,
  title: `Item number ${n + 1} of the candidates test`,
  description: `What item ${n + 1} says.`,
  body: "",
  link: `https://wire.example/${n + 1}`,
  imageUrl: "",
  publishedAt: AT,
}));

/**
 * The words each item left, and when: "zorvane" by i1 to i4, i4's ten days later (outside a
 * range around AT); "quillet" by i1 and i5; "brask" by i2.
 */
const LEFT: [item: string, at: number, words: string[]][] = [
  ["k1", AT, ["zorvane", "quillet"]],
  ["k2", AT, ["zorvane", "brask"]],
  ["k3", AT, ["zorvane"]],
  ["k4", AT + 10 * DAY, ["zorvane"]],
  ["k5", AT, ["quillet"]],
];

/** An ask of `word` within `days` either side of AT. */
const ask = (word: string, asker: number, least: number, days = 30): WordAsk => ({
  word,
  from: AT - days * DAY,
  to: AT + days * DAY,
  asker,
  least,
});

/** Each asker's items found (by key), in the askers' order. */
async function found(
  store: Pick<StoryStore, "candidates">,
  asks: WordAsk[],
  most: number,
): Promise<string[][]> {
  const rows = await store.candidates(asks, 100, most);
  const askers = Math.max(...asks.map((one) => one.asker)) + 1;
  return Array.from({ length: askers }, (_, asker) =>
    rows
      .filter((row) => row.askers.includes(asker))
      .map((row) => row.key)
      .sort(),
  );
}

interface Opened {
  store: Pick<StoryStore, "candidates" | "leave">;
  ids(): Promise<Map<string, string>>;
  close(): Promise<void>;
}

async function recorded(engine: ArchiveEngine): Promise<void> {
  await engine.migrate();
  await engine.syncCarriage(
    [{ publication: "riverbend", section: "national", feed: FEED, rank: 0 }],
    AT - 60 * DAY,
  );
  await engine.record([{ feed: FEED, items: ITEMS, seenAt: AT }]);
  await engine.close();
}

const postgres = postgresForFile();
const sqlite = sqliteForFile();

const engines: { name: string; open(): Promise<Opened> }[] = [
  {
    name: "SQLite",
    async open() {
      const file = sqlite.fresh();
      await recorded(new SqliteArchive(file));
      const db = new DatabaseSync(file);
      return {
        store: sqliteWordStore((text) => db.prepare(text)),
        async ids() {
          const rows = db.prepare("SELECT id, key FROM items").all() as {
            id: number;
            key: string;
          }[];
          return new Map(rows.map((row) => [row.key, String(row.id)]));
        },
        async close() {
          db.close();
        },
      };
    },
  },
  {
    name: "PostgreSQL",
    async open() {
      const url = await postgres.freshDatabase();
      await recorded(new PostgresArchive(url));
      const client = new pg.Client(url);
      await client.connect();
      const run = async <Row>(text: string, values?: unknown[]) =>
        (await client.query(text, values)).rows as Row[];
      return {
        store: postgresStoryStore(run),
        async ids() {
          const rows = await run<{ id: string; key: string }>("SELECT id, key FROM items");
          return new Map(rows.map((row) => [row.key, String(row.id)]));
        },
        close: () => client.end(),
      };
    },
  },
];

jest.setTimeout(60_000);

describe.each(engines)("candidates by word on $name", (under) => {
  let opened: Opened;
  beforeEach(async () => {
    opened = await under.open();
    const ids = await opened.ids();
    await opened.store.leave(
      LEFT.map(([key, at, words]) => ({ id: ids.get(key)!, at, words })),
      false,
    );
  });
  afterEach(() => opened.close());

  it("finds what holds `least` of an asker's words, within each ask's range", async () => {
    const asks = [
      ask("zorvane", 0, 2),
      ask("quillet", 0, 2),
      ask("zorvane", 1, 1, 1),
      ask("brask", 2, 2),
      ask("quillet", 2, 2),
    ];
    expect(await found(opened.store, asks, 1000)).toEqual([["k1"], ["k1", "k2", "k3"], []]);
  });

  it("does not ask a word more items left in its range than `most`, and lowers `least` to the asks left", async () => {
    // zorvane: four items in the months around AT, three within a day of it.
    const asks = [
      ask("zorvane", 0, 2),
      ask("quillet", 0, 2),
      ask("zorvane", 1, 1, 1),
      ask("zorvane", 2, 1),
    ];
    // Four are not more than four: asked, and asker 0 needs both words.
    expect(await found(opened.store, asks, 4)).toEqual([
      ["k1"],
      ["k1", "k2", "k3"],
      ["k1", "k2", "k3", "k4"],
    ]);
    // Past three, zorvane is crowded in the months, not in the day: asker 0 is left quillet
    // alone and finds both items holding it; asker 2, nothing left, finds nothing.
    expect(await found(opened.store, asks, 3)).toEqual([["k1", "k5"], ["k1", "k2", "k3"], []]);
  });
});
