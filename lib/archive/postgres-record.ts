import { isEdited, itemId, momentOf, nextId, SIGHTING_MS, storedText as clean } from "./item-id";
import { indexText, searchVector } from "./postgres-query";
import { wordsOf } from "./query";
import type { Query } from "./postgres-pool";
import { postgresStoryStore, STORY_LOCK } from "./postgres-stories";
import { forgetOldWords } from "./stories/upkeep";
import { groupRecorded } from "./stories/young";
import type { ArchiveItemInput, RecordBatch, RecordOutcome } from "./types";

/**
 * record() for the shared engine, in few round trips for all the reads it is given (a flush
 * holds many feeds' few items each): one read of their known items; then, when something
 * changed, one statement for the new items (their words counted in the same statement) and
 * one for the edited and re-sighted ones. Each statement
 * is atomic on its own; a batch cut short is recorded again whole by the next read of the feed.
 *
 * Several instances record the same feeds: a new item another instance inserted first is
 * skipped (ON CONFLICT DO NOTHING) and found known, and rows are written in one order (keys,
 * ids, words sorted) so two instances never wait on each other in a circle.
 */

/** More rounds than id collisions can take (one each, nearly always none). */
const MAX_ROUNDS = 16;

interface KnownRow {
  feed: string;
  key: string;
  id: number;
  title: string;
  description: string;
  body: string;
  link: string;
  image: string;
  last_seen: number;
}

/** An item as stored: cleaned, its body known (null: the recorded one, or none yet). */
type Stored = ArchiveItemInput & { body: string };

function cleaned(item: ArchiveItemInput, body: string): Stored {
  return {
    ...item,
    key: clean(item.key),
    title: clean(item.title),
    description: clean(item.description),
    body: clean(item.body ?? body),
    link: clean(item.link),
    imageUrl: clean(item.imageUrl),
  };
}

/** An item of one read: its feed and when it was seen with it. */
interface Read {
  feed: string;
  seenAt: number;
  item: ArchiveItemInput;
}

const idOf = (feed: string, key: string) => `${feed}\n${key}`;

export async function recordBatches(
  run: Query,
  batches: readonly RecordBatch[],
  storyWindowMs: number,
): Promise<RecordOutcome> {
  // A key twice among the reads: the last one counts, the earlier ones are unchanged.
  const reads = new Map<string, Read>();
  let count = 0;
  for (const { feed, items, seenAt } of batches)
    for (const item of items) {
      count++;
      reads.set(idOf(feed, clean(item.key)), { feed, seenAt: Math.round(seenAt), item });
    }
  const outcome: RecordOutcome = { inserted: 0, updated: 0, unchanged: count - reads.size };
  if (reads.size === 0) return outcome;
  const keys = [...reads.values()];
  const known = await run<KnownRow>(
    `SELECT i.feed, i.key, i.id, i.title, i.description, i.body, i.link, i.image, i.last_seen
      FROM items i JOIN unnest($1::text[], $2::text[]) AS k(feed, key)
        ON i.feed = k.feed AND i.key = k.key`,
    [keys.map((read) => read.feed), keys.map((read) => clean(read.item.key))],
  );
  const knownById = new Map(known.map((row) => [idOf(row.feed, row.key), row]));
  const fresh: Fresh[] = [];
  const changes: Change[] = [];
  for (const [id, { feed, seenAt, item: input }] of reads) {
    const row = knownById.get(id);
    const item = cleaned(input, row?.body ?? "");
    if (!row) fresh.push({ feed, seenAt, item });
    else if (isEdited(row, item)) {
      changes.push({ id: row.id, item, seenAt });
      outcome.updated++;
    } else {
      if (seenAt - row.last_seen >= SIGHTING_MS) changes.push({ id: row.id, item: null, seenAt });
      outcome.unchanged++;
    }
  }
  if (changes.length > 0) await update(run, changes);
  if (fresh.length > 0) {
    const inserted = await insert(run, fresh);
    outcome.inserted += inserted.length;
    outcome.unchanged += fresh.length - inserted.length;
    if (inserted.length > 0) await group(run, inserted, storyWindowMs);
  }
  return outcome;
}

/** The memory the grouping's hash may take, for this transaction only (one writer at a time). */
const STORY_WORK_MEM = "32MB";

/**
 * The new items counted, and each given its story (lib/archive/stories), oldest first, one
 * instance at a time (STORY_LOCK, to the transaction's end): two copies recorded at once by
 * two instances see each other.
 */
async function group(run: Query, inserted: Pending[], storyWindowMs: number): Promise<void> {
  await run(
    `INSERT INTO archive_state (name, value) VALUES ('items', $1)
      ON CONFLICT (name) DO UPDATE SET value = archive_state.value + excluded.value`,
    [inserted.length],
  );
  await run("SELECT pg_advisory_xact_lock($1)", [STORY_LOCK]);
  // A step's word hits hashed by asker and item: at ten million headlines a year, 390,000 rows,
  // spilled to disk past the default 4 MB (21 batches, 15 MB); in memory, 10% faster.
  await run(`SET LOCAL work_mem = '${STORY_WORK_MEM}'`);
  await groupRecorded(
    postgresStoryStore(run),
    inserted
      .map(({ feed, item, at, id }) => ({
        id: String(id),
        feed,
        key: item.key,
        link: item.link,
        at,
        title: item.title,
        description: item.description,
      }))
      .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1)),
    storyWindowMs,
  );
  await forgetOldWords(postgresStoryStore(run), storyWindowMs, inserted);
}

/** A new item of one read. */
interface Fresh {
  feed: string;
  seenAt: number;
  item: Stored;
}

/** An edited item (its new text), or a sighting only (null). */
interface Change {
  id: number;
  item: Stored | null;
  seenAt: number;
}

/** Edits and sightings in one statement, rows locked in the order of their ids. */
async function update(run: Query, changes: Change[]): Promise<void> {
  const column = (pick: (item: Stored) => string) =>
    changes.map(({ item }) => (item ? pick(item) : null));
  await run(
    `WITH u AS (
       SELECT * FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[],
         $7::text[], $8::text[], $9::text[], $10::text[], $1::bigint[])
         AS u(id, title, description, body, link, image, ft, fd, fb, seen)
     ), locked AS (
       SELECT i.id FROM items i WHERE i.id IN (SELECT id FROM u) ORDER BY i.id FOR UPDATE
     )
     UPDATE items i SET
       title = coalesce(u.title, i.title),
       description = coalesce(u.description, i.description),
       body = coalesce(u.body, i.body),
       link = coalesce(u.link, i.link),
       image = coalesce(u.image, i.image),
       search = CASE WHEN u.title IS NULL THEN i.search ELSE ${searchVector("u.ft", "u.fd", "u.fb")} END,
       last_seen = greatest(i.last_seen, u.seen)
     FROM u WHERE i.id = u.id AND i.id IN (SELECT id FROM locked)`,
    [
      changes.map((change) => change.seenAt),
      changes.map((change) => change.id),
      column((item) => item.title),
      column((item) => item.description),
      column((item) => item.body),
      column((item) => item.link),
      column((item) => item.imageUrl),
      column((item) => indexText(item.title)),
      column((item) => indexText(item.description)),
      column((item) => indexText(item.body)),
    ],
  );
}

/** What an insert round asks: the item, its moment and the id it tries. */
interface Pending extends Fresh {
  at: number;
  id: number;
}

/**
 * Inserts new items; how many this call inserted. An id another item holds (the same second,
 * the same 20 bits of hash) is tried again as nextId, in the batch's order first, as the
 * embedded engine does, so both engines give an item the same id.
 */
async function insert(run: Query, fresh: Fresh[]): Promise<Pending[]> {
  const taken = new Set<number>();
  const claim = (id: number) => {
    while (taken.has(id)) id = nextId(id);
    taken.add(id);
    return id;
  };
  let pending: Pending[] = fresh.map((entry) => {
    const at = Math.round(momentOf(entry.item, entry.seenAt));
    return { ...entry, at, id: claim(itemId(entry.feed, entry.item.key, at)) };
  });
  const inserted: Pending[] = [];
  for (let round = 0; pending.length > 0; round++) {
    if (round === MAX_ROUNDS) throw new Error("archive: no free id for new items");
    const added = new Set(await insertRound(run, pending));
    inserted.push(...pending.filter((entry) => added.has(idOf(entry.feed, entry.item.key))));
    const skipped = pending.filter((entry) => !added.has(idOf(entry.feed, entry.item.key)));
    if (skipped.length === 0) break;
    // Skipped: another instance inserted the item first, or another item holds the id.
    const present = await run<{ feed: string; key: string }>(
      `SELECT i.feed, i.key FROM items i JOIN unnest($1::text[], $2::text[]) AS k(feed, key)
        ON i.feed = k.feed AND i.key = k.key`,
      [skipped.map((entry) => entry.feed), skipped.map((entry) => entry.item.key)],
    );
    const known = new Set(present.map((row) => idOf(row.feed, row.key)));
    pending = skipped
      .filter((entry) => !known.has(idOf(entry.feed, entry.item.key)))
      .map((entry) => ({ ...entry, id: claim(nextId(entry.id)) }));
  }
  return inserted;
}

/** One INSERT of the pending items and their words; the keys it inserted. */
async function insertRound(run: Query, pending: Pending[]): Promise<string[]> {
  const order = (entry: Pending) => idOf(entry.feed, entry.item.key);
  const sorted = [...pending].sort((a, b) => (order(a) < order(b) ? -1 : 1));
  const column = <T>(pick: (entry: Pending) => T) => sorted.map(pick);
  const rows = await run<{ feed: string; key: string }>(
    `WITH input AS (
       SELECT * FROM unnest($3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[],
         $8::text[], $9::text[], $10::bigint[], $11::bigint[], $12::text[], $13::text[],
         $14::text[], $15::text[], $1::text[], $2::bigint[]) WITH ORDINALITY
         AS u(id, key, title, description, body, link, image, published_at, at, ft, fd, fb,
           words, feed, seen, ordinal)
     ), added AS (
       INSERT INTO items (id, feed, key, title, description, body, link, image, published_at,
         first_seen, last_seen, at, search)
       SELECT id, feed, key, title, description, body, link, image, published_at, seen, seen, at,
         ${searchVector("ft", "fd", "fb")}
       FROM input ORDER BY ordinal
       ON CONFLICT DO NOTHING
       RETURNING feed, key
     ), counted AS (
       INSERT INTO words (word, uses)
       SELECT word, count(*) FROM input JOIN added USING (feed, key),
         unnest(string_to_array(input.words, ' ')) AS word
       WHERE word <> '' GROUP BY word ORDER BY word
       ON CONFLICT (word) DO UPDATE SET uses = words.uses + excluded.uses
     ), hours AS (
       INSERT INTO feed_hours (feed, hour, items)
       SELECT feed, at / 3600000, count(*) FROM input JOIN added USING (feed, key)
       GROUP BY 1, 2 ORDER BY 1, 2
       ON CONFLICT (feed, hour) DO UPDATE SET items = feed_hours.items + excluded.items
     ), firsts AS (
       INSERT INTO feed_firsts (feed, first_seen)
       SELECT feed, min(seen) FROM input JOIN added USING (feed, key) GROUP BY 1 ORDER BY 1
       ON CONFLICT (feed) DO UPDATE SET first_seen = least(feed_firsts.first_seen, excluded.first_seen)
     )
     SELECT feed, key FROM added`,
    [
      column((entry) => entry.feed),
      column((entry) => entry.seenAt),
      column((entry) => entry.id),
      column((entry) => entry.item.key),
      column((entry) => entry.item.title),
      column((entry) => entry.item.description),
      column((entry) => entry.item.body),
      column((entry) => entry.item.link),
      column((entry) => entry.item.imageUrl),
      column(({ item }) =>
        Number.isFinite(item.publishedAt) ? Math.round(item.publishedAt!) : null,
      ),
      column((entry) => entry.at),
      column((entry) => indexText(entry.item.title)),
      column((entry) => indexText(entry.item.description)),
      column((entry) => indexText(entry.item.body)),
      column((entry) =>
        [...new Set(wordsOf(`${entry.item.title} ${entry.item.description}`))].join(" "),
      ),
    ],
  );
  return rows.map((row) => idOf(row.feed, row.key));
}
