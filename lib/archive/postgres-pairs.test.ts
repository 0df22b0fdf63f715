import pg from "pg";
import {
  archiveItem,
  feedIndexBuilt,
  postgresForFile,
  searchRequest,
} from "../../test-support/archive-engines";
import { PostgresArchive } from "./postgres-engine";
import { fillPairsStep } from "./postgres-pairs";
import { POSTGRES_MIGRATIONS } from "./postgres-schema";
import type { Query } from "./postgres-pool";
import type { ArchiveItemInput, CarriageRow } from "./types";

/**
 * The shared engine's word pairs (postgres-pairs.ts): a phrase asked through them finds what its
 * words in order find; every row written gets them, whoever writes it; an archive from before
 * them gets them in the background, newest first, and is searched meanwhile; a row of very
 * long text is still recorded.
 */

const postgres = postgresForFile();
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 30, 15, 0, 0);
const FEED = "https://a.example/local.xml";
const CARRIAGE: CarriageRow[] = [
  { publication: "riverbend", section: "local", feed: FEED, rank: 0 },
];

const item = (key: string, title: string, days = 1): ArchiveItemInput =>
  archiveItem(key, title, NOW - days * DAY);

const PHRASES = [
  '"city council"',
  '"council of the city"',
  '"city\'s council"',
  '"publishing houses"',
  '"council approves budget"',
  '-"city council" budget',
  '"city council" OR "publishing houses"',
];
const TITLES = [
  "City council approves budget",
  "Council of the city meets",
  "The city's councils publish plans",
  "Publishing houses of the city merge",
  "Councils of the city publish houses",
  "City, council and the budget",
  "Council approves the city budget",
];
/** Each title three times, a day apart: days 1 to 9. */
const ITEMS = TITLES.flatMap((title, n) =>
  Array.from({ length: 3 }, (_, copy) => item(`p${n}-${copy}`, title, 1 + n + copy)),
);

jest.setTimeout(60_000);

const opened: PostgresArchive[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((engine) => engine.close()));
});

/** A migrated engine, its index of feeds and words built (the tests alter the items' table). */
async function engineOn(url: string): Promise<PostgresArchive> {
  const engine = new PostgresArchive(url);
  opened.push(engine);
  await engine.migrate();
  await feedIndexBuilt(url);
  return engine;
}

async function sql<Row>(url: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

const cursor = async (url: string) =>
  Number(
    (
      await sql<{ value: string }>(url, "SELECT value FROM archive_state WHERE name = 'pairs-from'")
    )[0]?.value,
  );

async function archiveOf(
  items: ArchiveItemInput[],
): Promise<{ url: string; engine: PostgresArchive }> {
  const url = await postgres.freshDatabase();
  const engine = await engineOn(url);
  await engine.syncCarriage(CARRIAGE, NOW - 30 * DAY);
  await engine.record([{ feed: FEED, items, seenAt: NOW }]);
  return { url, engine };
}

/** Each phrase's titles, newest first; `from`: of the items from that moment on. */
const phraseHits = (engine: PostgresArchive, from: number | null = null) =>
  Promise.all(
    PHRASES.map(async (text) =>
      (await engine.search(searchRequest(text, NOW, { from, limit: 100 }))).hits.map(
        (hit) => hit.title,
      ),
    ),
  );

/** The archive as before the pairs (schema version 5): no trigger, no functions, no pairs. */
const BEFORE_PAIRS = `
  DROP TRIGGER items_pairs_insert ON items;
  DROP TRIGGER items_pairs_update ON items;
  UPDATE items SET search = ts_delete(search,
    ARRAY(SELECT lexeme FROM unnest(search) WHERE positions IS NULL));
  DROP FUNCTION archive_items_pairs(), archive_phrase(text), archive_pairs(tsvector);
  DELETE FROM archive_state WHERE name = 'pairs-from';
  DELETE FROM archive_migrations WHERE version = 6`;
/** Version 6 as migrate() applies it. */
const POSTGRES_V6 = `${POSTGRES_MIGRATIONS[5]};
  INSERT INTO archive_migrations (version) VALUES (6)`;

test("a phrase asked through its pairs finds what its words in order find", async () => {
  const { url, engine } = await archiveOf(ITEMS);
  const paired = await phraseHits(engine);
  // As before the pairs: the cursor above every row, so no search is asked through them.
  await sql(
    url,
    "UPDATE archive_state SET value = (SELECT max(id) + 1 FROM items) WHERE name = 'pairs-from'",
  );
  expect(await phraseHits(engine)).toEqual(paired);
  expect(paired[0]).toEqual([...Array(3).fill(TITLES[0]), ...Array(3).fill(TITLES[5])]);
  // Stop words keep their places ("council of the city" is not "council city"), whichever
  // words fill them: PostgreSQL's 'council' <3> 'citi' takes "council approves the city" too.
  expect(paired[1]).toEqual([
    ...Array(3).fill(TITLES[1]),
    ...Array(3).fill(TITLES[4]),
    ...Array(3).fill(TITLES[6]),
  ]);
  expect(new Set(paired[3])).toEqual(new Set([TITLES[3], TITLES[4]]));
  expect(paired[4]).toEqual(Array(3).fill(TITLES[0]));
  expect(paired[5]).toEqual(Array(3).fill(TITLES[6]));

  // With the cursor at 0, phrases are read through the pairs: a row whose pairs are taken away
  // by hand is not found by its phrase, where its words still find it.
  await sql(url, "UPDATE archive_state SET value = 0 WHERE name = 'pairs-from'");
  await sql(
    url,
    `ALTER TABLE items DISABLE TRIGGER items_pairs_update;
     UPDATE items SET search = ts_delete(search, ARRAY['citi_council']) WHERE key = 'p0-0';
     ALTER TABLE items ENABLE TRIGGER items_pairs_update`,
  );
  const phrase = await engine.search(searchRequest('"city council"', NOW));
  expect(phrase.hits).toHaveLength(5);
  expect(phrase.total).toBe(5);
  const word = await engine.search(searchRequest("approves", NOW));
  expect(word.total).toBe(6);
});

test("every row written gets its pairs, whoever writes it; an edit's old pairs are gone", async () => {
  const { url, engine } = await archiveOf([item("e", "City council approves budget")]);
  // Another instance's statement, of a version that writes no pairs.
  await sql(
    url,
    `INSERT INTO items (id, feed, key, title, description, body, link, image, first_seen,
       last_seen, at, search)
     VALUES (1, $1, 'old', 'Harbour ferry returns', '', '', 'https://news.example/old', '',
       $2, $2, $2, to_tsvector('english', 'Harbour ferry returns'))`,
    [FEED, NOW - DAY],
  );
  const pairsOf = async (key: string) =>
    (
      await sql<{ pairs: string[] }>(
        url,
        `SELECT ARRAY(SELECT lexeme FROM unnest(search) WHERE positions IS NULL ORDER BY 1) AS pairs
          FROM items WHERE key = $1`,
        [key],
      )
    )[0]?.pairs;
  expect(await pairsOf("old")).toEqual(["ferri_return", "harbour_ferri"]);
  await sql(
    url,
    "UPDATE items SET search = to_tsvector('english', 'Harbour bridge') WHERE key = 'old'",
  );
  expect(await pairsOf("old")).toEqual(["harbour_bridg"]);
  // A sighting leaves the row's search as it is.
  await sql(url, "UPDATE items SET last_seen = last_seen + 1, search = search WHERE key = 'old'");
  expect(await pairsOf("old")).toEqual(["harbour_bridg"]);

  await engine.record([
    { feed: FEED, items: [item("e", "City hall approves budget")], seenAt: NOW + 1000 },
  ]);
  expect(await pairsOf("e")).toEqual(["approv_budget", "citi_hall", "hall_approv"]);
  const titles = async (text: string) =>
    (await engine.search(searchRequest(text, NOW))).hits.map((hit) => hit.title);
  expect(await titles('"city council"')).toEqual([]);
  expect(await titles('"city hall"')).toEqual(["City hall approves budget"]);
});

test("an archive from before the pairs gets them in the background, and is searched throughout", async () => {
  const url = await postgres.freshDatabase();
  const old = await engineOn(url);
  await sql(url, BEFORE_PAIRS);
  await old.syncCarriage(CARRIAGE, NOW - 30 * DAY);
  await old.record([{ feed: FEED, items: ITEMS, seenAt: NOW }]);
  const before = await phraseHits(old);
  expect(before[0]).toHaveLength(6);

  // Its first steps by hand, two rows each: the newest rows hold their pairs, the rest not yet.
  await sql(url, POSTGRES_V6);
  const client = new pg.Client(url);
  await client.connect();
  const query: Query = async (text, values) => (await client.query(text, values)).rows;
  for (let step = 0; step < 3; step++) {
    await client.query("BEGIN");
    expect(await fillPairsStep(query, 2)).toBe(2);
    await client.query("COMMIT");
  }
  await client.end();
  const from = await cursor(url);
  const [paired] = await sql<{ n: string }>(
    url,
    "SELECT count(*) AS n FROM items WHERE id >= $1 AND search @@ 'citi_council | council_approv | council_citi | publish_hous'::tsquery",
    [from],
  );
  expect(Number(paired?.n)).toBeGreaterThan(0);
  // Searched meanwhile: whole (by the words) and its last two days (through the pairs).
  expect(await phraseHits(old)).toEqual(before);
  const recent = NOW - 2.5 * DAY;
  const recentBefore = await phraseHits(old, recent);
  expect(recentBefore.flat().length).toBeGreaterThan(0);

  // An instance of this version starting: the rest filled in the background.
  const started = await engineOn(url);
  for (let waited = 0; (await cursor(url)) !== 0 && waited < 10_000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await cursor(url)).toBe(0);
  const [unpaired] = await sql<{ n: string }>(
    url,
    "SELECT count(*) AS n FROM items WHERE NOT EXISTS (SELECT 1 FROM unnest(search) WHERE positions IS NULL)",
  );
  expect(Number(unpaired?.n)).toBe(0);
  expect(await phraseHits(started)).toEqual(before);
  expect(await phraseHits(started, recent)).toEqual(recentBefore);
});

test("a row of very long text is recorded, its first words' phrases found", async () => {
  // Words of Greek letters (two bytes each), all different: the most a row's pairs can weigh.
  const letters = "αβγδεζηθικλμνξοπρστυφχψω";
  const word = (n: number) =>
    Array.from({ length: 10 }, (_, k) => letters[(n * 7 + k * 13 + (n >> k)) % 24]).join("") +
    n.toString(36);
  const text = (from: number) =>
    Array.from({ length: 9000 }, (_, n) => word(from + n))
      .join(" ")
      .slice(0, 100_000);
  const long = { ...item("long", `Ferry timetable ${text(0)}`), description: text(9000) };
  const { engine } = await archiveOf([{ ...long, body: text(18_000) }]);
  const found = await engine.search(searchRequest('"ferry timetable"', NOW));
  expect(found.hits.map((hit) => hit.title.slice(0, 15))).toEqual(["Ferry timetable"]);
});

test("a phrase of any text is read as its lexemes, never as tsquery syntax", async () => {
  const { url } = await archiveOf([item("x", "Council meets")]);
  const texts = [
    "it's a \\ back\\slash c:\\temp /usr/local/bin 'quoted' & | ! : * <-> (x)",
    "o'brien's d\\'arc ''double'' \\\\two",
    "a.b.c 1.2.3 x@y.example http://a.example/b?c=d",
  ];
  for (const text of texts) {
    // The text's own words, with their pairs, hold its phrase: nothing in it is read as an
    // operator, a quote or an escape (the engine's own words are letters and digits alone).
    const [row] = await sql<{ found: boolean }>(
      url,
      `SELECT (v || archive_pairs(v)) @@ archive_phrase($1) AS found
        FROM (SELECT to_tsvector('english', $1) AS v) AS t`,
      [text],
    );
    expect(row?.found).toBe(true);
  }
});
