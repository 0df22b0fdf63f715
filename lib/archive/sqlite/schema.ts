/**
 * The embedded archive's schema, by version (PRAGMA user_version). A migration runs in one
 * write transaction (BEGIN IMMEDIATE), so of several processes starting at once one migrates
 * and the others, waiting on the lock, find the version done.
 *
 * - items: one row per feed item (feed, key), never one per publication; `at` its moment,
 *   `id` ordered by it (item-id.ts). `first_seen`/`last_seen` bound when it was in its feed.
 * - items_fts: FTS5 over title, description, body; the Porter stemmer over unicode61 with
 *   accents removed; kept by triggers. Its fourth column holds one token naming the item's
 *   feed (`feed_token`, "f<feeds.id>"), so a publication's search asks FTS5 for its own feeds'
 *   items (an intersection of the index's lists) instead of filtering every match.
 * - feeds: a number for each feed address.
 * - carriage: which publication carried which feed in which section, since when, until when;
 *   opened and closed, never rewritten, so a changed feeds file leaves old days as they were.
 * - withdrawals: links an editor withdrew from a publication ("*": an operator, from all).
 * - words: every word of the recorded titles and descriptions, with how many items used it,
 *   for "did you mean".
 * - items (feed, at, first_seen, last_seen), version 2, in place of (feed, at): a day's count
 *   without a read of the table.
 * - feed_hours and feed_firsts, version 3: each feed's items counted per hour of their moment,
 *   and its first sighting, kept as items are recorded and pruned, for the calendar's counts
 *   (lib/archive/hour-counts.ts); filled from the items that are there.
 * - stories, version 4 (lib/archive/stories); story_changes, version 5; story_words_recent,
 *   version 6.
 * - pairs_fts, version 7: each item's adjacent words' stems, paired, for phrases
 *   (lib/archive/sqlite/pairs.ts); written by the writer as items are recorded, the items
 *   already there indexed by its backfill, newest first ('pairs-from': the lowest id from which
 *   every item is indexed; 0, all of them). Its segments are merged 16 at a time, not FTS5's
 *   4: each step's pairs are mostly new terms, and merging them four at a time cost ingest 16%
 *   at ten million's density (6% at 16; a pair's lookup reads a few more segments).
 */
export const SQLITE_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE feeds (id INTEGER PRIMARY KEY, url TEXT NOT NULL UNIQUE);
  CREATE TABLE items (
    id INTEGER PRIMARY KEY,
    feed TEXT NOT NULL,
    feed_token TEXT NOT NULL,
    key TEXT NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    body TEXT NOT NULL,
    link TEXT NOT NULL,
    image TEXT NOT NULL,
    published_at INTEGER,
    first_seen INTEGER NOT NULL,
    last_seen INTEGER NOT NULL,
    at INTEGER NOT NULL,
    UNIQUE (feed, key)
  );
  CREATE INDEX items_feed_at ON items (feed, at);
  CREATE INDEX items_link ON items (link);
  CREATE VIRTUAL TABLE items_fts USING fts5 (
    title, description, body, feed_token,
    content = 'items', content_rowid = 'id',
    tokenize = 'porter unicode61 remove_diacritics 2'
  );
  CREATE TRIGGER items_ai AFTER INSERT ON items BEGIN
    INSERT INTO items_fts (rowid, title, description, body, feed_token)
      VALUES (new.id, new.title, new.description, new.body, new.feed_token);
  END;
  CREATE TRIGGER items_ad AFTER DELETE ON items BEGIN
    INSERT INTO items_fts (items_fts, rowid, title, description, body, feed_token)
      VALUES ('delete', old.id, old.title, old.description, old.body, old.feed_token);
  END;
  CREATE TRIGGER items_au AFTER UPDATE OF title, description, body ON items BEGIN
    INSERT INTO items_fts (items_fts, rowid, title, description, body, feed_token)
      VALUES ('delete', old.id, old.title, old.description, old.body, old.feed_token);
    INSERT INTO items_fts (rowid, title, description, body, feed_token)
      VALUES (new.id, new.title, new.description, new.body, new.feed_token);
  END;
  CREATE TABLE carriage (
    publication TEXT NOT NULL,
    section TEXT NOT NULL,
    feed TEXT NOT NULL,
    rank INTEGER NOT NULL,
    since INTEGER NOT NULL,
    until INTEGER
  );
  CREATE INDEX carriage_publication ON carriage (publication, feed);
  CREATE TABLE withdrawals (
    publication TEXT NOT NULL,
    link TEXT NOT NULL,
    by TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (publication, link)
  );
  CREATE TABLE archive_state (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
  CREATE TABLE words (word TEXT PRIMARY KEY, uses INTEGER NOT NULL) WITHOUT ROWID;
  `,
  // A day's count read in the index alone: the moment and the sightings carriage is checked
  // against (sqlite-reads.ts countIn). Its prefix answers what (feed, at) did.
  `
  CREATE INDEX items_feed_span ON items (feed, at, first_seen, last_seen);
  DROP INDEX items_feed_at;
  `,
  `
  CREATE TABLE feed_hours (
    feed TEXT NOT NULL,
    hour INTEGER NOT NULL,
    items INTEGER NOT NULL,
    PRIMARY KEY (feed, hour)
  ) WITHOUT ROWID;
  INSERT INTO feed_hours (feed, hour, items)
    SELECT feed, at / 3600000, count(*) FROM items GROUP BY feed, at / 3600000;
  CREATE TABLE feed_firsts (feed TEXT PRIMARY KEY, first_seen INTEGER NOT NULL) WITHOUT ROWID;
  INSERT INTO feed_firsts (feed, first_seen)
    SELECT feed, min(first_seen) FROM items GROUP BY feed;
  `,
  // Stories (lib/archive/stories): an item's story (its first item's id; null: not grouped
  // yet, the backfill's work), the words items leave for later copies to find them by, the
  // items editors split out, and how many items there are (the words' rarity).
  `
  ALTER TABLE items ADD COLUMN story INTEGER;
  CREATE INDEX items_story ON items (story) WHERE story IS NOT NULL;
  CREATE TABLE story_words (
    word TEXT NOT NULL,
    at INTEGER NOT NULL,
    item INTEGER NOT NULL,
    PRIMARY KEY (word, at, item)
  ) WITHOUT ROWID;
  CREATE TABLE story_splits (link TEXT PRIMARY KEY, by TEXT NOT NULL, at INTEGER NOT NULL)
    WITHOUT ROWID;
  INSERT INTO archive_state (name, value) SELECT 'items', count(*) FROM items WHERE true
    ON CONFLICT (name) DO NOTHING;
  INSERT INTO archive_state (name, value) SELECT 'stories-backfill', -1
    WHERE NOT EXISTS (SELECT 1 FROM items) ON CONFLICT (name) DO NOTHING;
  `,
  // When each feed's items' stories last changed (an item joined one, stories were joined, an
  // editor split one out): every instance watches it to drop the pages that show them
  // (lib/archive/story-marks.ts).
  `
  CREATE TABLE story_changes (feed TEXT PRIMARY KEY, at INTEGER NOT NULL) WITHOUT ROWID;
  CREATE INDEX story_changes_at ON story_changes (at);
  `,
  // The words the latest items left, kept apart until there are STORY_WORDS_MERGE of them, then
  // moved into story_words in their key's order (lib/archive/sqlite/stories.ts): a step's
  // words, scattered over every word, rewrite a small table, not all of story_words's pages.
  `
  CREATE TABLE story_words_recent (
    word TEXT NOT NULL,
    at INTEGER NOT NULL,
    item INTEGER NOT NULL,
    PRIMARY KEY (word, at, item)
  ) WITHOUT ROWID;
  `,
  `
  CREATE VIRTUAL TABLE pairs_fts USING fts5 (
    title, description, body, feed_token,
    content = '', contentless_delete = 1,
    tokenize = "unicode61 remove_diacritics 0 tokenchars '_'"
  );
  INSERT INTO pairs_fts (pairs_fts, rank) VALUES ('automerge', 16);
  CREATE TRIGGER items_pairs_ad AFTER DELETE ON items BEGIN
    DELETE FROM pairs_fts WHERE rowid = old.id;
  END;
  INSERT INTO archive_state (name, value) SELECT 'pairs-from', coalesce(max(id) + 1, 0) FROM items
    WHERE true ON CONFLICT (name) DO NOTHING;
  `,
];
