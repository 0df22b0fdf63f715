import type { SQLInputValue, StatementSync } from "node:sqlite";
import { hoursOf } from "../hour-counts.ts";
import {
  isEdited,
  itemId,
  momentOf,
  nextId,
  SIGHTING_MS,
  storedText,
  writeSteps,
} from "../item-id.ts";
import { wordsOf } from "../query.ts";
import type { NewItem } from "../stories/assign.ts";
import { forgetOldWords } from "../stories/upkeep.ts";
import { groupRecorded } from "../stories/young.ts";
import type { PairWrites } from "./pairs.ts";
import { sqliteStoryStore } from "./stories.ts";
import type { ArchiveItemInput, RecordBatch, RecordOutcome } from "../types";

/**
 * The embedded archive's record(): new items inserted (their words and hours counted), edited
 * ones updated, sightings renewed, in steps of WRITE_STEP items (item-id.ts writeSteps, the
 * shared engine's steps), a transaction each. Runs in the writer's thread (database.ts).
 */
export class SqliteWrites {
  private readonly sql: (text: string) => StatementSync;
  private readonly transaction: <T>(work: () => Promise<T>) => Promise<T>;
  private readonly storyWindowMs: number;
  private readonly pairs: PairWrites;

  constructor(
    sql: (text: string) => StatementSync,
    transaction: <T>(work: () => Promise<T>) => Promise<T>,
    storyWindowMs: number,
    pairs: PairWrites,
  ) {
    this.sql = sql;
    this.transaction = transaction;
    this.storyWindowMs = storyWindowMs;
    this.pairs = pairs;
  }

  /**
   * Records the reads in steps of WRITE_STEP items, a transaction each (the same steps as the
   * shared engine's): a flush of thousands of items never holds the file for long. A step cut
   * short is rolled back; the recorder writes the reads again, and what was written is found
   * unchanged.
   */
  async record(batches: readonly RecordBatch[]): Promise<RecordOutcome> {
    const outcome: RecordOutcome = { inserted: 0, updated: 0, unchanged: 0 };
    for (const step of writeSteps(batches)) {
      // The step's new words and hours counted first, each row written once.
      const words = new Map<string, number>();
      const added: NewItem[] = [];
      const edited: number[] = [];
      await this.transaction(async () => {
        for (const { feed, items, seenAt } of step)
          for (const item of items)
            outcome[this.recordOne(feed, item, seenAt, words, added, edited)]++;
        // The word pairs of the new and edited items (pairs.ts).
        this.pairs.writeIds(
          added.map((item) => Number(item.id)),
          false,
        );
        this.pairs.writeIds(edited, true);
        // One statement for the step's thousands of words, in their key's order.
        if (words.size > 0)
          this.sql(
            `INSERT INTO words (word, uses) SELECT value ->> 0, value ->> 1 FROM json_each(?)
              WHERE true ON CONFLICT (word) DO UPDATE SET uses = uses + excluded.uses`,
          ).run(JSON.stringify([...words].sort(([a], [b]) => (a < b ? -1 : 1))));
        this.countHours(added, 1);
        if (added.length > 0)
          this.sql(
            "INSERT INTO archive_state (name, value) VALUES ('items', ?) ON CONFLICT (name) DO UPDATE SET value = value + excluded.value",
          ).run(added.length);
        // Each new item's story, oldest first (lib/archive/stories).
        const stories = sqliteStoryStore((text) => this.sql(text));
        await groupRecorded(
          stories,
          added.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1)),
          this.storyWindowMs,
        );
        await forgetOldWords(stories, this.storyWindowMs, added);
      });
    }
    return outcome;
  }

  /** feed_hours raised (sign 1) or lowered (-1) by items' hours, in one order. */
  countHours(items: Iterable<{ feed: string; at: number }>, sign: 1 | -1): void {
    const write = this.sql(
      "INSERT INTO feed_hours (feed, hour, items) VALUES (?, ?, ?) ON CONFLICT (feed, hour) DO UPDATE SET items = items + excluded.items",
    );
    for (const [feed, hour, n] of hoursOf(items)) write.run(feed, hour, sign * n);
  }

  private recordOne(
    feed: string,
    item: ArchiveItemInput,
    seenAt: number,
    words: Map<string, number>,
    added: NewItem[],
    edited: number[],
  ): keyof RecordOutcome {
    item = {
      ...item,
      key: storedText(item.key),
      title: storedText(item.title),
      description: storedText(item.description),
      body: item.body === null ? null : storedText(item.body),
      link: storedText(item.link),
      imageUrl: storedText(item.imageUrl),
    };
    const known = this.sql(
      "SELECT id, title, description, body, link, image, last_seen FROM items WHERE feed = ? AND key = ?",
    ).get(feed, item.key) as
      | {
          id: number;
          title: string;
          description: string;
          body: string;
          link: string;
          image: string;
          last_seen: number;
        }
      | undefined;
    if (!known) {
      const { id, at } = this.insert(feed, item, seenAt);
      added.push({
        id: String(id),
        feed,
        key: item.key,
        link: item.link,
        at,
        title: item.title,
        description: item.description,
      });
      for (const word of new Set(wordsOf(`${item.title} ${item.description}`)))
        words.set(word, (words.get(word) ?? 0) + 1);
      return "inserted";
    }
    const body = item.body ?? known.body;
    if (isEdited(known, { ...item, body })) {
      this.sql(
        "UPDATE items SET title = ?, description = ?, body = ?, link = ?, image = ?, last_seen = ? WHERE id = ?",
      ).run(item.title, item.description, body, item.link, item.imageUrl, seenAt, known.id);
      if (
        item.title !== known.title ||
        item.description !== known.description ||
        body !== known.body
      )
        edited.push(known.id);
      return "updated";
    }
    if (seenAt - known.last_seen >= SIGHTING_MS)
      this.sql("UPDATE items SET last_seen = ? WHERE id = ?").run(seenAt, known.id);
    return "unchanged";
  }

  /** Inserts a new item; its id and moment. */
  private insert(feed: string, item: ArchiveItemInput, seenAt: number): { id: number; at: number } {
    const at = momentOf(item, seenAt);
    let id = itemId(feed, item.key, at);
    const values: SQLInputValue[] = [
      feed,
      this.feedToken(feed, seenAt),
      item.key,
      item.title,
      item.description,
      item.body ?? "",
      item.link,
      item.imageUrl,
      item.publishedAt,
      seenAt,
      seenAt,
      at,
    ];
    for (;;) {
      const taken = this.sql("SELECT 1 FROM items WHERE id = ?").get(id);
      if (!taken) break;
      id = nextId(id);
    }
    this.sql(
      `INSERT INTO items (id, feed, feed_token, key, title, description, body, link, image,
         published_at, first_seen, last_seen, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, ...values);
    return { id, at };
  }

  /** The feed's token in items_fts ("f" and its number), numbered on first sight. */
  private feedToken(url: string, seenAt: number): string {
    this.sql("INSERT INTO feeds (url) VALUES (?) ON CONFLICT (url) DO NOTHING").run(url);
    this.sql(
      "INSERT INTO feed_firsts (feed, first_seen) VALUES (?, ?) ON CONFLICT (feed) DO UPDATE SET first_seen = min(first_seen, excluded.first_seen)",
    ).run(url, seenAt);
    const { id } = this.sql("SELECT id FROM feeds WHERE url = ?").get(url) as { id: number };
    return `f${id}`;
  }
}
