import { PAIRS_FUNCTIONS } from "./postgres-pairs";

/**
 * The shared archive's schema, by version: archive_migrations holds each version applied.
 * migrate() (postgres-engine.ts) takes a transaction-scoped advisory lock before it reads the
 * version, so of several instances starting at once one migrates and the others, waiting on
 * the lock, find the versions done; a migration that fails leaves nothing half made.
 *
 * The tables are the embedded engine's (sqlite-schema.ts), with PostgreSQL's own search:
 * - items.search: a tsvector of the title (weight A), description (B) and body (C), made with
 *   the 'english' configuration (Snowball's stemmer, its stop words) from text the engine has
 *   folded itself (lib/archive/query.ts: PostgreSQL's 'english' keeps accents), under a GIN
 *   index. It is written with the row, by the engine, never by a trigger, so what is indexed
 *   and what is asked are folded by the same code.
 * - words.word sorts by code point (COLLATE "C"), so "did you mean"'s prefix ranges read the
 *   primary key whatever the database's locale.
 * - items leaves a page 15% free: an item's hourly sighting (last_seen) is then written beside
 *   the row (a HOT update), never into the five indexes again.
 * - carriage has an identity, to close a row by it.
 * - items (feed, id), version 2: a search reads each feed's matches newest first.
 * - feed_hours and feed_firsts, version 3: each feed's items per hour of their moment, and
 *   its first sighting, kept as items are recorded and pruned, for the calendar's counts
 *   (lib/archive/hour-counts.ts, as the embedded engine keeps them); filled from the items.
 * - word pairs, version 6 (postgres-pairs.ts): items.search also holds each pair of adjacent
 *   lexemes as one lexeme ("citi_council"), added by a trigger to every row written, whichever
 *   instance writes it, so a phrase's GIN entries are those of its pairs, not of its words.
 *   Rows from before are given theirs by a backfill, newest first ('pairs-from': the lowest id
 *   from which every row has them).
 * - items_search, version 1, is replaced by a GIN index of (feed, search) that each instance
 *   builds in the background, one at a time, outside the migrations (postgres-feed-index.ts).
 */

/** pg_advisory_xact_lock's key for migrations: any constant of our own. */
export const MIGRATION_LOCK = 7_466_270_001;
/** pg_advisory_xact_lock's key for syncCarriage: one instance rewrites carriage at a time. */
export const CARRIAGE_LOCK = 7_466_270_002;

export const MIGRATIONS_TABLE = `
  CREATE TABLE IF NOT EXISTS archive_migrations (
    version integer PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`;

export const POSTGRES_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE items (
    id bigint PRIMARY KEY,
    feed text NOT NULL,
    key text NOT NULL,
    title text NOT NULL,
    description text NOT NULL,
    body text NOT NULL,
    link text NOT NULL,
    image text NOT NULL,
    published_at bigint,
    first_seen bigint NOT NULL,
    last_seen bigint NOT NULL,
    at bigint NOT NULL,
    search tsvector NOT NULL,
    UNIQUE (feed, key)
  ) WITH (fillfactor = 85);
  CREATE INDEX items_search ON items USING gin (search);
  CREATE INDEX items_feed_at ON items (feed, at);
  CREATE INDEX items_at ON items (at);
  CREATE INDEX items_link ON items (link);
  CREATE TABLE carriage (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    publication text NOT NULL,
    section text NOT NULL,
    feed text NOT NULL,
    rank integer NOT NULL,
    since bigint NOT NULL,
    until bigint
  );
  CREATE INDEX carriage_publication ON carriage (publication, feed);
  CREATE TABLE withdrawals (
    publication text NOT NULL,
    link text NOT NULL,
    withdrawn_by text NOT NULL,
    at bigint NOT NULL,
    PRIMARY KEY (publication, link)
  );
  CREATE INDEX withdrawals_link ON withdrawals (link);
  CREATE TABLE archive_state (name text PRIMARY KEY, value bigint NOT NULL);
  CREATE TABLE words (word text COLLATE "C" PRIMARY KEY, uses bigint NOT NULL);
  `,
  // A publication's search walks each feed newest first (postgres-query.ts).
  `CREATE INDEX items_feed_id ON items (feed, id)`,
  `
  CREATE TABLE feed_hours (
    feed text NOT NULL,
    hour bigint NOT NULL,
    items bigint NOT NULL,
    PRIMARY KEY (feed, hour)
  );
  INSERT INTO feed_hours (feed, hour, items)
    SELECT feed, at / 3600000, count(*) FROM items GROUP BY feed, at / 3600000;
  CREATE TABLE feed_firsts (feed text PRIMARY KEY, first_seen bigint NOT NULL);
  INSERT INTO feed_firsts (feed, first_seen)
    SELECT feed, min(first_seen) FROM items GROUP BY feed;
  `,
  // Stories, as the embedded engine keeps them (sqlite/schema.ts, version 4).
  `
  ALTER TABLE items ADD COLUMN story bigint;
  CREATE INDEX items_story ON items (story) WHERE story IS NOT NULL;
  CREATE TABLE story_words (
    word text COLLATE "C" NOT NULL,
    at bigint NOT NULL,
    item bigint NOT NULL,
    PRIMARY KEY (word, at, item)
  );
  CREATE TABLE story_splits (link text PRIMARY KEY, split_by text NOT NULL, at bigint NOT NULL);
  INSERT INTO archive_state (name, value) SELECT 'items', count(*) FROM items
    ON CONFLICT (name) DO NOTHING;
  INSERT INTO archive_state (name, value) SELECT 'stories-backfill', -1
    WHERE NOT EXISTS (SELECT 1 FROM items) ON CONFLICT (name) DO NOTHING;
  `,
  `
  CREATE TABLE story_changes (feed text PRIMARY KEY, at bigint NOT NULL);
  CREATE INDEX story_changes_at ON story_changes (at);
  `,
  `
  ${PAIRS_FUNCTIONS}
  CREATE TRIGGER items_pairs_insert BEFORE INSERT ON items
    FOR EACH ROW EXECUTE FUNCTION archive_items_pairs();
  CREATE TRIGGER items_pairs_update BEFORE UPDATE OF search ON items
    FOR EACH ROW WHEN (NEW.search IS DISTINCT FROM OLD.search)
    EXECUTE FUNCTION archive_items_pairs();
  INSERT INTO archive_state (name, value) SELECT 'pairs-from', coalesce(max(id) + 1, 0) FROM items
    ON CONFLICT (name) DO UPDATE SET value = excluded.value;
  `,
];
