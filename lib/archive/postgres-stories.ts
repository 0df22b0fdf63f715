import type { Query } from "./postgres-pool";
import { STORY_MEMBERS } from "./postgres-query";
import { marksOf, type StoryMember } from "./stories/marks";
import type { StoryMark } from "./types";
import { STORY_COLUMNS, storyRowOf, type StoryStore } from "./stories/assign";
import type { SplitStore } from "./stories/split";
import type { WaitingStore } from "./stories/young";

/**
 * The shared engine's side of stories (lib/archive/stories/assign.ts decides), answered in the
 * transaction that inserts the items. Instances decide one at a time (STORY_LOCK, held to the
 * transaction's end), so two copies recorded at once by two instances see each other.
 */
export const STORY_LOCK = 7_466_270_003;

/**
 * StoryStore.candidates: a crowded ask told by reading `most` + 1 rows of its range at most;
 * counted by asker, and only the items found read, each once.
 */
const CANDIDATES = `SELECT ${STORY_COLUMNS}, f.askers FROM (
     SELECT item, array_agg(asker) AS askers FROM (
       SELECT k.asker, s.item FROM (
         SELECT q.word, q.lo, q.hi, q.asker,
             least(q.least, count(*) OVER (PARTITION BY q.asker)) AS need
           FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::int[], $5::int[])
             AS q(word, lo, hi, asker, least)
          WHERE NOT EXISTS (
            SELECT 1 FROM story_words c
             WHERE c.word = q.word AND c.at >= q.lo AND c.at <= q.hi OFFSET $7 LIMIT 1)
       ) AS k JOIN story_words s ON s.word = k.word AND s.at >= k.lo AND s.at <= k.hi
       GROUP BY k.asker, s.item HAVING count(*) >= max(k.need)
     ) AS pairs GROUP BY item
   ) AS f JOIN items i ON i.id = f.item
   ORDER BY i.at DESC, i.id DESC LIMIT $6`;

export function postgresStoryStore(run: Query): SplitStore & WaitingStore {
  return {
    async uses(words) {
      const [rows, state] = [
        await run<{ word: string; uses: number }>(
          "SELECT word, uses FROM words WHERE word = ANY ($1::text[])",
          [words],
        ),
        await run<{ value: number }>("SELECT value FROM archive_state WHERE name = 'items'"),
      ];
      return {
        uses: new Map(rows.map((row) => [row.word, Number(row.uses)])),
        items: Number(state[0]?.value ?? 0),
      };
    },
    async candidates(asks, limit, most) {
      const rows = await run<Parameters<typeof storyRowOf>[0] & { askers: number[] }>(CANDIDATES, [
        asks.map((ask) => ask.word),
        asks.map((ask) => Math.floor(ask.from)),
        asks.map((ask) => Math.ceil(ask.to)),
        asks.map((ask) => ask.asker),
        asks.map((ask) => ask.least),
        limit,
        most,
      ]);
      return rows.map((row) => ({ ...storyRowOf(row), askers: row.askers.map(Number) }));
    },
    async members(stories) {
      const rows = await run<Parameters<typeof storyRowOf>[0]>(
        `SELECT ${STORY_COLUMNS} FROM items i WHERE i.story = ANY ($1::bigint[]) ORDER BY i.at, i.id`,
        [stories],
      );
      return rows.map(storyRowOf);
    },
    async setStories(pairs) {
      if (pairs.length === 0) return;
      // In the order of the ids: two instances never wait on each other in a circle.
      const sorted = [...pairs].sort((a, b) => (BigInt(a[0]) < BigInt(b[0]) ? -1 : 1));
      await run(
        `UPDATE items i SET story = p.story
          FROM unnest($1::bigint[], $2::bigint[]) AS p(id, story) WHERE i.id = p.id`,
        [sorted.map(([id]) => id), sorted.map(([, story]) => story)],
      );
    },
    async leave(rows) {
      const flat = rows.flatMap(({ id, at, words }) =>
        words.map((word) => [word, Math.round(at), id] as const),
      );
      if (flat.length === 0) return;
      await run(
        `INSERT INTO story_words (word, at, item)
          SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[]) ON CONFLICT DO NOTHING`,
        [flat.map((row) => row[0]), flat.map((row) => row[1]), flat.map((row) => row[2])],
      );
    },
    async splits(links) {
      const rows = await run<{ link: string }>(
        "SELECT link FROM story_splits WHERE link = ANY ($1::text[])",
        [links],
      );
      return new Set(rows.map((row) => row.link));
    },
    ...postgresSplitStore(run),
    ...postgresBackfillStore(run),
  };
}

/** The backfill's part of the store: items not grouped yet, its cursor, old words removed. */
function postgresBackfillStore(
  run: Query,
): Pick<StoryStore, "ungrouped" | "cursor" | "setCursor" | "forget"> &
  Pick<WaitingStore, "waiting" | "setWaiting"> {
  return {
    async waiting() {
      const [row] = await run<{ value: number }>(
        "SELECT value FROM archive_state WHERE name = 'stories-waiting'",
      );
      return Number(row?.value ?? 0);
    },
    async setWaiting(count) {
      await run(
        `INSERT INTO archive_state (name, value) VALUES ('stories-waiting', $1)
          ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
        [count],
      );
    },
    async ungrouped(after, limit) {
      const rows = await run<Parameters<typeof storyRowOf>[0]>(
        `SELECT ${STORY_COLUMNS} FROM items i WHERE i.id > $1 AND i.story IS NULL ORDER BY i.id LIMIT $2`,
        [after, limit],
      );
      return rows.map(storyRowOf);
    },
    async cursor() {
      const [row] = await run<{ value: number }>(
        "SELECT value FROM archive_state WHERE name = 'stories-backfill'",
      );
      return row === undefined ? "0" : Number(row.value) < 0 ? null : String(row.value);
    },
    async setCursor(id) {
      await run(
        `INSERT INTO archive_state (name, value) VALUES ('stories-backfill', $1)
          ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
        [id === null ? -1 : id],
      );
    },
    async forget(before) {
      await run("DELETE FROM story_words WHERE at < $1", [Math.round(before)]);
    },
  };
}

/** The marks of the publication's cards (ArchiveEngine.storiesOf). */
export async function postgresStoriesOf(
  run: Query,
  pub: string,
  links: readonly string[],
): Promise<StoryMark[]> {
  if (links.length === 0) return [];
  return marksOf(await run<StoryMember>(STORY_MEMBERS, [pub, [...links]]), links);
}

/** The feeds whose stories changed since `since` (ArchiveEngine.storyChanges). */
export async function postgresStoryChanges(
  run: Query,
  since: number,
): Promise<{ feed: string; at: number }[]> {
  const rows = await run<{ feed: string; at: string | number }>(
    "SELECT feed, at FROM story_changes WHERE at >= $1 ORDER BY at",
    [Math.floor(since)],
  );
  return rows.map((row) => ({ feed: row.feed, at: Number(row.at) }));
}

/** What a split needs beside grouping (stories/split.ts), and the changes it tells. */
function postgresSplitStore(
  run: Query,
): Pick<SplitStore, "touched" | "byLink" | "carries" | "markSplit"> {
  return {
    async carries(publication, link) {
      const rows = await run(
        `SELECT 1 FROM items i WHERE i.link = $1 AND ($2 = '*' OR EXISTS (
           SELECT 1 FROM carriage c WHERE c.publication = $2 AND c.feed = i.feed)) LIMIT 1`,
        [link, publication],
      );
      return rows.length > 0;
    },
    async touched(feeds, at) {
      await run(
        `INSERT INTO story_changes (feed, at) SELECT unnest($1::text[]), $2
          ON CONFLICT (feed) DO UPDATE SET at = GREATEST(story_changes.at, excluded.at)`,
        [[...feeds].sort(), Math.round(at)],
      );
    },
    async byLink(link) {
      const rows = await run<Parameters<typeof storyRowOf>[0]>(
        `SELECT ${STORY_COLUMNS} FROM items i WHERE i.link = $1`,
        [link],
      );
      return rows.map(storyRowOf);
    },
    async markSplit({ link, by, at }, undo) {
      const rows = undo
        ? await run("DELETE FROM story_splits WHERE link = $1 RETURNING link", [link])
        : await run(
            `INSERT INTO story_splits (link, split_by, at) VALUES ($1, $2, $3)
              ON CONFLICT DO NOTHING RETURNING link`,
            [link, by, Math.round(at)],
          );
      return rows.length > 0;
    },
  };
}
