import type { SQLInputValue, StatementSync } from "node:sqlite";
import { LOW_BITS } from "../item-id.ts";
import { holdsStems, requiredStems } from "./match.ts";
import type { Stemmer } from "./pairs.ts";
import type { EngineSearch } from "../types";

/**
 * The embedded archive's relevance order: the newest RELEVANCE_WINDOW matches of a search,
 * ranked. A match weighs 10 for the words in its title, 4 in its description, 13 in both, 1 in
 * the body alone (its columns' stems, as items_fts reads them: match.ts holdsStems), and a
 * month's age halves its weight; older matches rank
 * below them anyway. Not bm25: its IDF counts every row of each phrase of the query, the feeds'
 * tokens among them, on every search (430 ms for a common word at ten million headlines).
 *
 * Read newest first, a chunk of matches at a time, each chunk's titles and descriptions
 * weighed. A match can weigh at most 13 at its age and every match after it is older, so once
 * the page's rows are all among the matches weighing more than the next one could, the rest of
 * the window is left unread: a page of a common word's matches weighs a few hundred of its
 * newest, not 5,000 (weighing the whole window, or walking the index again for the titles' and
 * the descriptions' matches, was three quarters of a search's time at a million headlines).
 */

/** Relevance ranks the newest this many matches of a publication. */
export const RELEVANCE_WINDOW = 5000;
const CHUNK = 200; // the matches weighed, and rows read, at once
const MONTH_MS = 2_592_000_000;
const MOST = 13; // the heaviest weight: the words in the title and the description
/** An item's moment, to the second, from its id (item-id.ts). */
const momentOfId = (id: number) => Math.floor(id / LOW_BITS) * 1000;

export interface RankedPage<Row> {
  /** The page's rows, in rank order. */
  rows: Row[];
  /** The matches walked: all of them under RELEVANCE_WINDOW, or more than `countLimit`. */
  matches: number;
}

interface Weighed {
  id: number;
  score: number;
}

/**
 * The page of `request` in relevance order. `matches`: the statement of the search's matches'
 * ids (its `values` bound), walked newest first; `rowsOf(ids)`: the rows of those ids that the
 * publication keeps (carried, not withdrawn), in any order.
 */
export function rankByRelevance<Row extends { id: number }>(
  sql: (text: string) => StatementSync,
  stemmer: Stemmer,
  request: EngineSearch,
  matches: { text: string; values: Record<string, SQLInputValue> },
  rowsOf: (ids: number[]) => Row[],
): RankedPage<Row> {
  const walk = sql(`${matches.text} ORDER BY rowid DESC LIMIT ${RELEVANCE_WINDOW}`).iterate(
    matches.values,
  );
  let walked = 0;
  let ended = false;
  const next = (): number[] => {
    const ids: number[] = [];
    while (!ended && ids.length < CHUNK) {
      const step = walk.next();
      if (step.done) ended = true;
      else ids.push((step.value as { id: number }).id);
    }
    walked += ids.length;
    return ids;
  };
  const ageWeight = (id: number) => 1 + Math.max(0, request.now - momentOfId(id)) / MONTH_MS;
  const required = requiredStems(request.query, stemmer);
  const wanted = request.offset + request.limit;
  const weighed: Weighed[] = [];
  const kept = new Map<number, Row | null>();
  try {
    for (;;) {
      const chunk = next();
      const texts = textsOf(sql, chunk);
      // Each match's title and description, stemmed at once.
      const stems = stemmer.stemsOf(
        chunk.flatMap((id) => [texts.get(id)?.title ?? "", texts.get(id)?.description ?? ""]),
      );
      chunk.forEach((id, at) => {
        const weight =
          1 +
          9 * Number(holdsStems(required, stems[2 * at]!)) +
          3 * Number(holdsStems(required, stems[2 * at + 1]!));
        weighed.push({ id, score: weight / ageWeight(id) });
      });
      // What any match not weighed yet could weigh at most: it is older than the last weighed.
      const oldest = weighed.at(-1);
      const bound = ended || !oldest ? -Infinity : MOST / ageWeight(oldest.id);
      const settled = weighed
        .filter((hit) => hit.score >= bound)
        .sort((a, b) => b.score - a.score || b.id - a.id);
      const rows = keptRows(settled, wanted, kept, rowsOf);
      if (rows.length >= wanted || ended) {
        // The count wants the matches up to its cap, or all of them.
        while (!ended && walked <= request.countLimit) next();
        return { rows: rows.slice(request.offset, wanted), matches: walked };
      }
    }
  } finally {
    walk.return?.();
  }
}

/**
 * The kept rows of `ranked`, in its order, up to `wanted`: rows are read a chunk at a time, in
 * rank order, and remembered in `kept` (null: not the publication's) across the calls.
 */
function keptRows<Row extends { id: number }>(
  ranked: Weighed[],
  wanted: number,
  kept: Map<number, Row | null>,
  rowsOf: (ids: number[]) => Row[],
): Row[] {
  const rows: Row[] = [];
  for (let at = 0; at < ranked.length && rows.length < wanted;) {
    const unread: number[] = [];
    for (let ahead = at; ahead < ranked.length && unread.length < CHUNK; ahead++)
      if (!kept.has(ranked[ahead]!.id)) unread.push(ranked[ahead]!.id);
    if (unread.length > 0) {
      const found = new Map(rowsOf(unread).map((row) => [row.id, row]));
      for (const id of unread) kept.set(id, found.get(id) ?? null);
    }
    for (; at < ranked.length && rows.length < wanted; at++) {
      const id = ranked[at]!.id;
      if (!kept.has(id)) break;
      const row = kept.get(id);
      if (row) rows.push(row);
    }
  }
  return rows;
}

/** The titles and descriptions of `ids`. */
function textsOf(
  sql: (text: string) => StatementSync,
  ids: number[],
): Map<number, { title: string; description: string }> {
  if (ids.length === 0) return new Map();
  const rows = sql(
    "SELECT id, title, description FROM items WHERE id IN (SELECT value FROM json_each(:ids))",
  ).all({ ids: JSON.stringify(ids) }) as { id: number; title: string; description: string }[];
  return new Map(rows.map((row) => [row.id, row]));
}
