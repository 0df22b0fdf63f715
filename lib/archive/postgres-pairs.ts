import type { Query } from "./postgres-pool";

/**
 * The shared engine's word pairs (postgres-schema.ts, version 6), as the embedded engine's
 * (sqlite/pairs.ts). PostgreSQL's GIN index of items.search holds no positions: a phrase asked
 * of it reads every entry of each of its words, then checks the phrase's positions in every
 * row holding them all (at ten million headlines, 789 ms at p99). So each row's search also
 * holds each pair of adjacent lexemes as one lexeme without positions ("city council meets":
 * 'citi_council', 'council_meet'), and a phrase is asked as its pairs AND its words in order
 * (two words as their pair alone): the index's entries of a pair are the rows where the two
 * words stand together, and only those are checked. The pairs only narrow what the phrase finds, never widen it, so a search
 * finds through them exactly what it found without them.
 *
 * - archive_pairs(v): the pairs of a tsvector's lexemes at adjacent positions. Stop words keep
 *   their places (to_tsvector counts them), so "city of council" pairs nothing, and its phrase
 *   'citi' <2> 'council' is asked as before. Pairs stop at position 16,382 (PostgreSQL puts
 *   every later word at 16,383) and at PAIR_BYTES of pairs, fewer when the row's words are
 *   many (a tsvector holds 1 MiB of lexemes): a phrase past them in a very long post is not
 *   found through the pairs.
 * - archive_items_pairs(): the trigger that adds them to every row written, whichever instance
 *   (of whichever version) writes it.
 * - archive_phrase(text): a phrase's tsquery, its pairs && phraseto_tsquery (each pair quoted as
 *   tsquery's input reads a lexeme, quotes and backslashes doubled, though the words this engine
 *   indexes hold neither); for two words side by side their pair alone, which a row holds
 *   exactly when the phrase is in it, so the index reads none of the words' entries and no row
 *   is checked again (at a million headlines, p99 of two-word phrases 61 ms with the words beside
 *   the pair, 33 ms without).
 */

/** The most bytes of pairs a row holds. */
const PAIR_BYTES = 400_000;
/** The most bytes of lexemes with its pairs: a tsvector holds 1 MiB of them at most. */
const LEXEME_BYTES = 1_000_000;

export const PAIRS_FUNCTIONS = `
  CREATE FUNCTION archive_pairs(v tsvector) RETURNS tsvector
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $pairs$
    SELECT coalesce(array_to_tsvector(array_agg(pair)), ''::tsvector) FROM (
      SELECT pair, sum(octet_length(pair)) OVER (ORDER BY at, pair) AS bytes FROM (
        SELECT a.lexeme || '_' || b.lexeme AS pair, a.at
        FROM (SELECT l.lexeme, unnest(l.positions) AS at FROM unnest(v) AS l) AS a
        JOIN (SELECT l.lexeme, unnest(l.positions) AS at FROM unnest(v) AS l) AS b
          ON b.at = a.at + 1
        WHERE a.at < 16382 AND octet_length(a.lexeme) + octet_length(b.lexeme) < 2047
      ) AS adjacent
    ) AS counted WHERE bytes <= least(${PAIR_BYTES},
      ${LEXEME_BYTES} - (SELECT coalesce(sum(octet_length(w.lexeme)), 0) FROM unnest(v) AS w))
  $pairs$;
  CREATE FUNCTION archive_items_pairs() RETURNS trigger LANGUAGE plpgsql AS $pairs$
  BEGIN
    NEW.search := NEW.search || archive_pairs(NEW.search);
    RETURN NEW;
  END
  $pairs$;
  CREATE FUNCTION archive_phrase(phrase text) RETURNS tsquery
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $pairs$
    SELECT CASE WHEN pairs IS NULL THEN words WHEN numnode(words) = 3 THEN pairs::tsquery
      ELSE pairs::tsquery && words END FROM (
      SELECT phraseto_tsquery('english', phrase) AS words,
        (SELECT string_agg('''' || replace(replace(p.lexeme, '\\', '\\\\'), '''', '''''') || '''', ' & ')
          FROM unnest(archive_pairs(to_tsvector('english', phrase))) AS p) AS pairs
    ) AS q
  $pairs$;`;

/** pg_try_advisory_xact_lock's key for the backfill: one instance fills at a time. */
export const PAIRS_LOCK = 7_466_270_004;

/** How many rows a step of the backfill gives their pairs. */
export const PAIRS_STEP = 500;

/** The lowest id from which every row holds its pairs (0: all of them). */
export const PAIRS_FROM = "SELECT value FROM archive_state WHERE name = 'pairs-from'";

/**
 * One step of the backfill, in a transaction of the writer's connection: the PAIRS_STEP rows
 * just below the cursor given their pairs, newest first, so recent searches are the first
 * answered through pairs; locked in the order of ids, as the recorder locks them, so the two
 * never wait on each other in a circle. The rows read; 0 when the backfill is done, -1 when
 * another instance is filling.
 */
export async function fillPairsStep(query: Query, limit = PAIRS_STEP): Promise<number> {
  const [lock] = await query<{ got: boolean }>("SELECT pg_try_advisory_xact_lock($1) AS got", [
    PAIRS_LOCK,
  ]);
  if (!lock?.got) return -1;
  const [cursor] = await query<{ value: string }>(PAIRS_FROM);
  const from = Number(cursor?.value ?? 0);
  if (from === 0) return 0;
  const [step] = await query<{ n: string; low: string | null }>(
    `WITH locked AS (
       SELECT id FROM items WHERE id IN (
         SELECT id FROM items WHERE id < $1 ORDER BY id DESC LIMIT $2
       ) ORDER BY id FOR UPDATE
     ), filled AS (
       UPDATE items i SET search = i.search || archive_pairs(i.search)
       FROM locked WHERE i.id = locked.id RETURNING i.id
     ) SELECT count(*) AS n, min(id) AS low FROM filled`,
    [from, limit],
  );
  const read = Number(step?.n ?? 0);
  await query("UPDATE archive_state SET value = $1 WHERE name = 'pairs-from'", [
    read < limit ? 0 : step!.low,
  ]);
  return read;
}
