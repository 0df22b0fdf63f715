import type { StatementSync } from "node:sqlite";
import { STORY_COLUMNS, storyRowOf, type StoryStore } from "../stories/assign.ts";

/**
 * The embedded engine's words for stories (lib/archive/stories/assign.ts): how many items use
 * each word, and the words items leave for later copies to find them by, in story_words and
 * story_words_recent. Run in the writer's transaction, on its connection (stories.ts).
 */

/**
 * Rows story_words_recent gathers before they move into story_words. A step's words (16 an
 * item) land all over the word key: into story_words, each step rewrote nearly every page of
 * it (at a million headlines, 2,200 of the 3,800 pages a step wrote). Into a table this small,
 * a step rewrites a few hundred pages, and the move, in the key's order, each page of
 * story_words once every STORY_WORDS_MERGE rows. Lookups read both tables.
 */
export const STORY_WORDS_MERGE = 64_000;

/**
 * Moves the recent words into story_words, in its key's order, and removes from story_words
 * the words older than forget() last asked.
 */
function mergeRecentWords(sql: (text: string) => StatementSync): void {
  sql(
    `DELETE FROM story_words
      WHERE at < (SELECT value FROM archive_state WHERE name = 'story-words-before')`,
  ).run();
  sql(
    `INSERT INTO story_words (word, at, item)
      SELECT word, at, item FROM story_words_recent ORDER BY word, at, item
      ON CONFLICT DO NOTHING`,
  ).run();
  sql("DELETE FROM story_words_recent").run();
  sql("UPDATE archive_state SET value = 0 WHERE name = 'story-words-recent'").run();
}

/** A word `w` (word, at, item) an item left in story_words before. */
const ALREADY_LEFT = `NOT EXISTS (SELECT 1 FROM story_words s
  WHERE s.word = w.value ->> 0 AND s.at = w.value ->> 1 AND s.item = w.value ->> 2)`;

/**
 * StoryStore.candidates: each ask a range of story_words' key (CROSS JOIN: never a scan of the
 * table per ask), a crowded one told by reading `most` + 1 rows of its range at most; counted
 * asker by asker (a sort of an asker's few hundred rows each, not one of a step's hundreds of
 * thousands: a quarter faster), and only the items found read, each once.
 */
const CANDIDATES = `WITH q AS MATERIALIZED (
     SELECT value ->> 0 AS word, value ->> 1 AS lo, value ->> 2 AS hi, value ->> 3 AS asker,
       value ->> 4 AS least FROM json_each(:asks)
   ), kept AS MATERIALIZED (
     SELECT word, lo, hi, asker, min(least, count(*) OVER (PARTITION BY asker)) AS least
       FROM q WHERE NOT EXISTS (
         SELECT 1 FROM (
           SELECT 1 FROM story_words s WHERE s.word = q.word AND s.at >= q.lo AND s.at <= q.hi
           UNION ALL
           SELECT 1 FROM story_words_recent r
            WHERE r.word = q.word AND r.at >= q.lo AND r.at <= q.hi
         ) LIMIT 1 OFFSET :most)
   ), askers AS MATERIALIZED (
     SELECT asker, max(least) AS least FROM kept GROUP BY asker
   ), lists AS MATERIALIZED (
     SELECT a.asker AS asker, (
       SELECT json_group_array(item) FROM (
         SELECT item FROM (
           SELECT s.item AS item FROM kept q CROSS JOIN story_words s
             ON s.word = q.word AND s.at >= q.lo AND s.at <= q.hi WHERE q.asker = a.asker
           UNION ALL
           SELECT r.item FROM kept q CROSS JOIN story_words_recent r
             ON r.word = q.word AND r.at >= q.lo AND r.at <= q.hi WHERE q.asker = a.asker
         ) GROUP BY item HAVING count(*) >= a.least)
     ) AS items FROM askers a
   ), found AS MATERIALIZED (
     SELECT j.value AS item, json_group_array(l.asker) AS askers
       FROM lists l, json_each(l.items) j GROUP BY j.value
   )
   SELECT ${STORY_COLUMNS}, f.askers FROM found f CROSS JOIN items i ON i.id = f.item
   ORDER BY i.at DESC, i.id DESC LIMIT :limit`;

export function sqliteWordStore(
  sql: (text: string) => StatementSync,
): Pick<StoryStore, "uses" | "candidates" | "leave" | "forget"> {
  return {
    async uses(words) {
      const rows = sql(
        "SELECT word, uses FROM words WHERE word IN (SELECT value FROM json_each(?))",
      ).all(JSON.stringify(words)) as { word: string; uses: number }[];
      const state = sql("SELECT value FROM archive_state WHERE name = 'items'").get() as
        { value: number } | undefined;
      return {
        uses: new Map(rows.map((row) => [row.word, row.uses])),
        items: state?.value ?? 0,
      };
    },
    async candidates(asks, limit, most) {
      const rows = sql(CANDIDATES).all({
        asks: JSON.stringify(
          asks.map(({ word, from, to, asker, least }) => [word, from, to, asker, least]),
        ),
        limit,
        most,
      }) as unknown as (Parameters<typeof storyRowOf>[0] & { askers: string })[];
      return rows.map((row) => ({
        ...storyRowOf(row),
        askers: JSON.parse(row.askers) as number[],
      }));
    },
    // One statement for the step: a row a word, read from JSON, in one crossing, into the
    // recent words. Items grouped again (an undone split) may have theirs in story_words
    // already: only then is each looked for there (a probe a word: 6% of a step's time).
    async leave(rows, again) {
      const flat = rows.flatMap(({ id, at, words }) => words.map((word) => [word, at, Number(id)]));
      if (flat.length === 0) return;
      const { changes } = sql(
        `INSERT INTO story_words_recent (word, at, item)
          SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?) AS w
           WHERE ${again ? ALREADY_LEFT : "true"} ON CONFLICT DO NOTHING`,
      ).run(JSON.stringify(flat));
      const { value: recent } = sql(
        `INSERT INTO archive_state (name, value) VALUES ('story-words-recent', ?)
          ON CONFLICT (name) DO UPDATE SET value = value + excluded.value RETURNING value`,
      ).get(changes) as { value: number };
      if (recent >= STORY_WORDS_MERGE) mergeRecentWords(sql);
    },
    // From the recent words now, from story_words at the next move: a removal there touches
    // every page of it (the words' key comes first), as a step's words did.
    async forget(before) {
      const { changes } = sql("DELETE FROM story_words_recent WHERE at < ?").run(before);
      sql("UPDATE archive_state SET value = value - ? WHERE name = 'story-words-recent'").run(
        changes,
      );
      sql(
        `INSERT INTO archive_state (name, value) VALUES ('story-words-before', ?)
          ON CONFLICT (name) DO UPDATE SET value = max(value, excluded.value)`,
      ).run(before);
    },
  };
}
