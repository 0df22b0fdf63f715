import { DatabaseSync } from "node:sqlite";
import { archiveItem, searchRequest, sqliteForFile } from "../../../test-support/archive-engines";
import type { ArchiveItemInput, CarriageRow } from "../types";
import { SqliteArchive } from "./client";
import { pairText, Stemmer } from "./pairs";

/**
 * The index of word pairs (pairs.ts): its stems are items_fts's own, a phrase finds through it
 * what it finds through items_fts, an archive from before it is indexed in the background and
 * searched meanwhile, and edited and pruned items leave no pairs behind.
 */

const files = sqliteForFile();
const DAY = 86_400_000;
const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 30, 15, 0, 0);
const FEED = "https://a.example/local.xml";
const CARRIAGE: CarriageRow[] = [
  { publication: "riverbend", section: "local", feed: FEED, rank: 0 },
];

const item = (key: string, title: string, description = "", days = 1): ArchiveItemInput =>
  archiveItem(key, title, NOW - days * DAY, { description });

/** Texts where tokenizers part ways: punctuation, digits, accents, other scripts, long words. */
const TRICKY = [
  "City council's vote: 12-3 (re-count) — 'publishing' & publishes_at #99 $5.00 a/b c\\d",
  "Café résumé naïve Zürich São Paulo ﬁnance ＦＵＬＬ width Ελλάδα москва 東京 2026",
  "e\u0301cole d\u2019Orsay don't won’t ~tilde~ `tick` ^caret^ |pipe| <b>bold</b> 3.14",
  `${"a".repeat(70)} ${"running".repeat(3)} is as us gas ies i y happiness relational`,
  "  ",
];

jest.setTimeout(60_000);

async function archiveOf(
  items: ArchiveItemInput[],
): Promise<{ file: string; engine: SqliteArchive }> {
  const file = files.fresh();
  const engine = new SqliteArchive(file);
  await engine.migrate();
  await engine.syncCarriage(CARRIAGE, NOW - 10 * DAY);
  await engine.record([{ feed: FEED, items, seenAt: NOW }]);
  return { file, engine };
}

test("the stemmer reads every text as the archive's search index does", async () => {
  const { file, engine } = await archiveOf(TRICKY.map((title, n) => item(`t${n}`, title)));
  await engine.close();
  const db = new DatabaseSync(file);
  db.exec("CREATE VIRTUAL TABLE temp.v USING fts5vocab (main, items_fts, 'instance')");
  const indexed = TRICKY.map((title, n) => {
    const { id } = db.prepare("SELECT id FROM items WHERE key = ?").get(`t${n}`) as { id: number };
    const stems: string[] = [];
    for (const row of db
      .prepare("SELECT offset, term FROM temp.v WHERE doc = ? AND col = 'title'")
      .all(id) as { offset: number; term: string }[])
      stems[row.offset] = row.term;
    return stems;
  });
  db.close();
  const stemmer = new Stemmer();
  // Each text alone, then all at once (its remembered stems in use), the same every time.
  expect(TRICKY.map((text) => stemmer.stemsOf([text])[0])).toEqual(indexed);
  expect(stemmer.stemsOf(TRICKY)).toEqual(indexed);
  stemmer.close();
  expect(indexed[0]).toContain("publish");
  expect(pairText(["citi", "council", "vote"])).toBe("citi_council council_vote");
});

const PHRASES = ['"city council"', '"council of the city"', '"the city"', '"publishing houses"'];
const TITLES = [
  "City council approves budget",
  "Council of the city meets",
  "The city's councils publish plans",
  "Publishing houses of the city merge",
  "Councils of the city publish houses",
  "City, council and the budget",
];

async function phraseHits(engine: SqliteArchive): Promise<string[][]> {
  return Promise.all(
    PHRASES.map(async (text) =>
      (await engine.search(searchRequest(text, NOW))).hits.map((hit) => hit.title),
    ),
  );
}

test("an archive from before the pairs is indexed in the background, and its phrases found throughout", async () => {
  const items = TITLES.flatMap((title, n) =>
    Array.from({ length: 3 }, (_, copy) => item(`p${n}-${copy}`, title, "", 1 + n + copy)),
  );
  const { file, engine } = await archiveOf(items);
  const fresh = await phraseHits(engine);
  await engine.close();
  // As in items_fts, the comma between two words does not part them.
  expect(fresh[0]).toEqual([TITLES[0], TITLES[0], TITLES[0], TITLES[5], TITLES[5], TITLES[5]]);
  expect(fresh[1]).toEqual([TITLES[1], TITLES[1], TITLES[1], TITLES[4], TITLES[4], TITLES[4]]);
  // And stems: "publish houses" is "publishing houses".
  expect(fresh[3]).toHaveLength(6);
  expect(new Set(fresh[3])).toEqual(new Set([TITLES[3], TITLES[4]]));

  // As it was when the pairs came: its items in items_fts alone, the backfill's cursor above them.
  const db = new DatabaseSync(file);
  db.exec(`INSERT INTO pairs_fts (pairs_fts) VALUES ('delete-all');
    UPDATE archive_state SET value = (SELECT max(id) + 1 FROM items) WHERE name = 'pairs-from'`);
  db.close();
  const reopened = new SqliteArchive(file);
  await reopened.migrate();
  expect(await phraseHits(reopened)).toEqual(fresh);
  const state = new DatabaseSync(file, { readOnly: true });
  const cursor = () =>
    (
      state.prepare("SELECT value FROM archive_state WHERE name = 'pairs-from'").get() as {
        value: number;
      }
    ).value;
  for (let waited = 0; cursor() !== 0 && waited < 10_000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(cursor()).toBe(0);
  const indexed = state.prepare("SELECT count(*) AS n FROM pairs_fts").get() as { n: number };
  state.close();
  expect(indexed.n).toBe(items.length);
  expect(await phraseHits(reopened)).toEqual(fresh);

  // The phrases are read from the pairs now: an item whose pairs are gone is not found by its
  // phrase, where a word still finds it.
  const writer = new DatabaseSync(file);
  writer.exec(`DELETE FROM pairs_fts WHERE rowid IN (SELECT id FROM items WHERE key = 'p0-0')`);
  writer.close();
  const after = await reopened.search(searchRequest('"city council"', NOW));
  expect(after.hits).toHaveLength(5);
  expect(after.total).toBe(5);
  const word = await reopened.search(searchRequest("approves", NOW));
  expect(word.hits).toHaveLength(3);
  await reopened.close();
});

test("an edited headline's old pairs and a pruned one's are gone", async () => {
  const { file, engine } = await archiveOf([
    item("e", "City council approves budget"),
    item("old", "City council of old", "", 200),
  ]);
  await engine.record([
    { feed: FEED, items: [item("e", "City hall approves budget")], seenAt: NOW + 1000 },
  ]);
  const titles = async (text: string) =>
    (await engine.search(searchRequest(text, NOW))).hits.map((hit) => hit.title);
  expect(await titles('"city council"')).toEqual(["City council of old"]);
  expect(await titles('"city hall"')).toEqual(["City hall approves budget"]);
  expect(await engine.prune(NOW - 100 * DAY)).toBe(1);
  const page = await engine.search(searchRequest('"city council"', NOW));
  expect(page).toMatchObject({ hits: [], total: 0 });
  await engine.close();
  const db = new DatabaseSync(file, { readOnly: true });
  const pairs = db.prepare("SELECT rowid AS id FROM pairs_fts").all() as { id: number }[];
  const ids = db.prepare("SELECT id FROM items").all() as { id: number }[];
  db.close();
  expect(pairs.map((row) => row.id)).toEqual(ids.map((row) => row.id));
});

test("headlines edited one after another are each written, and so is what comes after", async () => {
  // Each edit removes the item's pairs (a tombstone in pairs_fts, rowid past 2^53, written at
  // commit); the writes after it once failed reading that rowid, and every flush with them.
  const { engine } = await archiveOf(
    Array.from({ length: 30 }, (_, n) =>
      archiveItem(`e${n}`, `Ferry timetable ${n} agreed`, NOW - n * HOUR),
    ),
  );
  for (let edit = 1; edit <= 3; edit++)
    await engine.record([
      {
        feed: FEED,
        items: [
          archiveItem(
            `e${edit}`,
            `Ferry timetable ${edit} agreed, edit ${edit}`,
            NOW - edit * HOUR,
          ),
        ],
        seenAt: NOW + edit,
      },
    ]);
  await engine.record([
    { feed: FEED, items: [item("n", "Harbour master warns of low water")], seenAt: NOW + 10 },
  ]);
  const titles = async (text: string) =>
    (await engine.search(searchRequest(text, NOW))).hits.map((hit) => hit.title).sort();
  expect(await titles('"agreed edit"')).toEqual(
    [1, 2, 3].map((edit) => `Ferry timetable ${edit} agreed, edit ${edit}`),
  );
  expect(await titles('"low water"')).toEqual(["Harbour master warns of low water"]);
  await engine.close();
});
