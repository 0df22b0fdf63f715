import { DatabaseSync, type StatementSync } from "node:sqlite";

/**
 * The embedded archive's index of word pairs (pairs_fts, schema.ts version 7): each item's
 * columns as the run of their adjacent words' stems, paired ("city council meets" is
 * "citi_council council_meet"), so a phrase is asked as one token a pair of its words. Asked of
 * items_fts, a phrase pairing a word nearly every item holds with a rarer one ("the publish")
 * had FTS5 read the common word's positions in every row holding both: 555 ms at p99 at ten
 * million headlines. The pairs' own lists hold only the rows where the words stand together.
 *
 * The stems are items_fts's own: read from an FTS5 table of the same tokenizer (a scratch
 * table in memory), so a phrase finds in pairs_fts exactly what it finds in items_fts. Text of
 * ASCII alone is cut into words here (unicode61 keeps letters and digits, and every other
 * ASCII character separates), each word's stem asked of the scratch table once and then
 * remembered; other text is read by the scratch table whole.
 */

/** items_fts's tokenizer (schema.ts), which the scratch table must share. */
export const SEARCH_TOKENIZER = "porter unicode61 remove_diacritics 2";

/**
 * The words whose stems are remembered at most (a few MB), then forgotten all at once: the
 * words a day's news uses are asked again within a step or two.
 */
const KNOWN_STEMS = 50_000;
const ASCII = /^[\x00-\x7f]*$/u;

/** Reads text as items_fts does: the stems of its words, in order. */
export class Stemmer {
  private scratch: DatabaseSync | null = null;
  private readonly known = new Map<string, string>();

  private scratchTable(): DatabaseSync {
    if (this.scratch) return this.scratch;
    const scratch = new DatabaseSync(":memory:");
    scratch.exec(`CREATE VIRTUAL TABLE t USING fts5 (x, content = '', tokenize = '${SEARCH_TOKENIZER}');
      CREATE VIRTUAL TABLE v USING fts5vocab (t, 'instance');`);
    return (this.scratch = scratch);
  }

  /** Each text's stems, as the scratch table reads them (texts numbered from 1). */
  private read(texts: readonly string[]): string[][] {
    const scratch = this.scratchTable();
    const stems = texts.map((): string[] => []);
    // Rolled back whatever happens: the table is empty for the next read.
    scratch.exec("BEGIN");
    try {
      const insert = scratch.prepare("INSERT INTO t (rowid, x) VALUES (?, ?)");
      texts.forEach((text, at) => insert.run(at + 1, text));
      for (const row of scratch.prepare("SELECT doc, offset, term FROM v").iterate())
        stems[(row.doc as number) - 1]![row.offset as number] = row.term as string;
    } finally {
      scratch.exec("ROLLBACK");
    }
    return stems;
  }

  /** The stems of each text's words, in order, as items_fts reads them. */
  stemsOf(texts: readonly string[]): string[][] {
    const words = texts.map((text) =>
      ASCII.test(text) ? (text.toLowerCase().match(/[a-z0-9]+/gu) ?? []) : null,
    );
    const whole = texts.flatMap((text, at) => (words[at] === null ? [text] : []));
    const unknown = [
      ...new Set(words.flat().filter((word) => word !== null && !this.known.has(word))),
    ] as string[];
    if (this.known.size + unknown.length > KNOWN_STEMS) this.known.clear();
    // Each unknown word a text of its own: one ASCII word is one token.
    const read = this.read([...unknown, ...whole]);
    unknown.forEach((word, at) => this.known.set(word, read[at]![0] ?? word));
    let next = unknown.length;
    return words.map((list) =>
      list === null ? read[next++]! : list.map((word) => this.known.get(word) ?? word),
    );
  }

  close(): void {
    this.scratch?.close();
    this.scratch = null;
  }
}

/** A column's pairs: "a_b b_c" for the stems a, b, c. */
export function pairText(stems: readonly string[]): string {
  const pairs: string[] = [];
  for (let at = 0; at + 1 < stems.length; at++) pairs.push(`${stems[at]}_${stems[at + 1]}`);
  return pairs.join(" ");
}

/** How many items a step of the backfill indexes: about 50 ms of the writer's thread. */
export const PAIRS_STEP = 500;

export interface PairedItem {
  id: number;
  title: string;
  description: string;
  body: string;
  feed_token: string;
}

/** The writer's side: items' pairs written, and the backfill of items recorded before them. */
export class PairWrites {
  private readonly sql: (text: string) => StatementSync;
  private readonly stemmer: Stemmer;

  constructor(sql: (text: string) => StatementSync, stemmer: Stemmer) {
    this.sql = sql;
    this.stemmer = stemmer;
  }

  /** The items' pairs written; `replace`: any they had removed first (edited items'). */
  write(items: readonly PairedItem[], replace: boolean): void {
    if (items.length === 0) return;
    const stems = this.stemmer.stemsOf(
      items.flatMap((item) => [item.title, item.description, item.body]),
    );
    const remove = this.sql("DELETE FROM pairs_fts WHERE rowid = ?");
    const insert = this.sql(
      "INSERT INTO pairs_fts (rowid, title, description, body, feed_token) VALUES (?, ?, ?, ?, ?)",
    );
    items.forEach((item, at) => {
      if (replace) remove.run(item.id);
      const [title, description, body] = [0, 1, 2].map((n) => pairText(stems[3 * at + n]!));
      insert.run(item.id, title!, description!, body!, item.feed_token);
    });
  }

  /** The pairs of the items of `ids` written (new ones), or written again (`replace`: edited). */
  writeIds(ids: readonly number[], replace: boolean): void {
    if (ids.length === 0) return;
    this.write(
      this.sql(
        `SELECT id, title, description, body, feed_token FROM items
          WHERE id IN (SELECT value FROM json_each(?))`,
      ).all(JSON.stringify(ids)) as unknown as PairedItem[],
      replace,
    );
  }

  /**
   * One step of the backfill: the `limit` items just below the lowest indexed id (its cursor,
   * 'pairs-from') indexed, newest first, so recent searches are the first answered by pairs.
   * Items already indexed (recorded late with an old moment) are skipped. The number of items
   * read; 0 when the backfill is done.
   */
  fillStep(limit: number): number {
    const from = this.from();
    if (from === 0) return 0;
    const rows = this.sql(
      `SELECT id, title, description, body, feed_token FROM items i WHERE id < ?
        AND NOT EXISTS (SELECT 1 FROM pairs_fts p WHERE p.rowid = i.id)
        ORDER BY id DESC LIMIT ?`,
    ).all(from, limit) as unknown as PairedItem[];
    this.write(rows, false);
    this.sql("UPDATE archive_state SET value = ? WHERE name = 'pairs-from'").run(
      rows.length < limit ? 0 : rows.at(-1)!.id,
    );
    return rows.length;
  }

  /** The lowest id from which every item's pairs are indexed (0: all of them). */
  from(): number {
    const row = this.sql("SELECT value FROM archive_state WHERE name = 'pairs-from'").get() as
      { value: number } | undefined;
    return row?.value ?? 0;
  }
}
