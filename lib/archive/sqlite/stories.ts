import type { StatementSync } from "node:sqlite";
import { STORY_COLUMNS, storyRowOf } from "../stories/assign.ts";
import { sqliteWordStore } from "./story-words.ts";
import type { SplitStore } from "../stories/split.ts";
import type { WaitingStore } from "../stories/young.ts";

/**
 * The embedded engine's side of stories (lib/archive/stories/assign.ts decides): answered in
 * the writer's transaction, on its connection. Synchronous statements behind the store's
 * promises, which settle at once: nothing else runs on the connection meanwhile (the writer
 * thread takes one call at a time).
 */

export function sqliteStoryStore(sql: (text: string) => StatementSync): SplitStore & WaitingStore {
  return {
    ...sqliteWaitingStore(sql),
    ...sqliteWordStore(sql),
    async members(stories) {
      const rows = sql(
        `SELECT ${STORY_COLUMNS} FROM items i WHERE i.story IN (SELECT value FROM json_each(?))
          ORDER BY i.at, i.id`,
      ).all(JSON.stringify(stories.map(Number))) as unknown as Parameters<typeof storyRowOf>[0][];
      return rows.map(storyRowOf);
    },
    async setStories(pairs) {
      const update = sql("UPDATE items SET story = ? WHERE id = ?");
      for (const [id, story] of pairs) update.run(Number(story), Number(id));
    },
    async splits(links) {
      const rows = sql(
        "SELECT link FROM story_splits WHERE link IN (SELECT value FROM json_each(?))",
      ).all(JSON.stringify(links)) as { link: string }[];
      return new Set(rows.map((row) => row.link));
    },
    ...sqliteSplitStore(sql),
    async ungrouped(after, limit) {
      const rows = sql(
        `SELECT ${STORY_COLUMNS} FROM items i WHERE i.id > ? AND i.story IS NULL ORDER BY i.id LIMIT ?`,
      ).all(Number(after), limit) as unknown as Parameters<typeof storyRowOf>[0][];
      return rows.map(storyRowOf);
    },
    async cursor() {
      const row = sql("SELECT value FROM archive_state WHERE name = 'stories-backfill'").get() as
        { value: number } | undefined;
      return row === undefined ? "0" : row.value < 0 ? null : String(row.value);
    },
    async setCursor(id) {
      sql(
        "INSERT INTO archive_state (name, value) VALUES ('stories-backfill', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
      ).run(id === null ? -1 : Number(id));
    },
  };
}

/** What a split needs beside grouping (stories/split.ts), and the changes it tells. */
function sqliteSplitStore(
  sql: (text: string) => StatementSync,
): Pick<SplitStore, "touched" | "byLink" | "carries" | "markSplit"> {
  return {
    async carries(publication, link) {
      return !!sql(
        `SELECT 1 FROM items i WHERE i.link = :link AND (:pub = '*' OR EXISTS (
           SELECT 1 FROM carriage c WHERE c.publication = :pub AND c.feed = i.feed)) LIMIT 1`,
      ).get({ link, pub: publication });
    },
    async touched(feeds, at) {
      const write = sql(
        "INSERT INTO story_changes (feed, at) VALUES (?, ?) ON CONFLICT (feed) DO UPDATE SET at = max(at, excluded.at)",
      );
      for (const feed of feeds) write.run(feed, at);
    },
    async byLink(link) {
      const rows = sql(`SELECT ${STORY_COLUMNS} FROM items i WHERE i.link = ?`).all(
        link,
      ) as unknown as Parameters<typeof storyRowOf>[0][];
      return rows.map(storyRowOf);
    },
    async markSplit({ link, by, at }, undo) {
      const { changes } = undo
        ? sql("DELETE FROM story_splits WHERE link = ?").run(link)
        : sql(
            "INSERT INTO story_splits (link, by, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
          ).run(link, by, at);
      return changes > 0;
    },
  };
}

/** How many of a young archive's items wait to be grouped (stories/young.ts). */
function sqliteWaitingStore(
  sql: (text: string) => StatementSync,
): Pick<WaitingStore, "waiting" | "setWaiting"> {
  return {
    async waiting() {
      const row = sql("SELECT value FROM archive_state WHERE name = 'stories-waiting'").get() as
        { value: number } | undefined;
      return row?.value ?? 0;
    },
    async setWaiting(count) {
      sql(
        "INSERT INTO archive_state (name, value) VALUES ('stories-waiting', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
      ).run(count);
    },
  };
}
