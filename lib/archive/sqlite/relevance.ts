import type { SQLInputValue, StatementSync } from "node:sqlite";
import { LOW_BITS } from "../item-id.ts";
import { holdsStems, requiredStems } from "./match.ts";
import type { Stemmer } from "./pairs.ts";
import type { EngineSearch } from "../types";

/**
 * The embedded archive's relevance order: the newest RELEVANCE_WINDOW matches of a search,
 * ranked. A match weighs 10 for the words in its title, 4 in its description, 13 in both, 1 in
 * the body alone, and a month's age halves its weight; older matches rank below them anyway.
 * Not bm25: its IDF counts every row of each phrase of the query, the feeds' tokens among them,
 * on every search (430 ms for a common word at ten million headlines).
 *
 * Read newest first, a chunk of matches at a time, each match weighed by its title's and
 * description's stems as items_fts reads them (match.ts holdsStems). A match can weigh at most
 * 13 at its age and every match after it is older, so once the page's rows all weigh more than
 * the next match could, the rest of the window is left unread: over a million headlines a page
 * of a common word's matches weighs its newest 200 to 400. Where the page would take more than
 * LAZY weighed one by one (foreseen at the pace the matches came so far: a common word of a
 * busy network, where a few days hold thousands), the window's other matches are weighed by
 * walking the index again for the titles' and the descriptions' matches, which costs the same
 * however many the page takes (weighing the whole window one by one took twice that walk).
 */

/** Relevance ranks the newest this many matches of a publication. */
export const RELEVANCE_WINDOW = 5000;
const CHUNK = 200; // the matches weighed, and rows read, at once
/** Past this many matches to weigh one by one, a page's weights are the columns' walks. */
const LAZY = 1000;
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

/** What a search gives the ranking: its matches, its columns' matches, its kept rows. */
export interface RankedSearch<Row> {
  /** The statement of the search's matches' ids (its `values` bound), walked newest first. */
  matches: { text: string; values: Record<string, SQLInputValue> };
  /**
   * The ids of the matches whose title, or description, alone holds the words: the newest
   * RELEVANCE_WINDOW of them from `newest` on (the window's newest), the index walked again.
   */
  column: (column: "title" | "description", newest: number) => Set<number>;
  /** The rows of `ids` that the publication keeps (carried, not withdrawn), in any order. */
  rowsOf: (ids: number[]) => Row[];
}

/** The page of `request` in relevance order. */
export function rankByRelevance<Row extends { id: number }>(
  sql: (text: string) => StatementSync,
  stemmer: Stemmer,
  request: EngineSearch,
  search: RankedSearch<Row>,
): RankedPage<Row> {
  const walk = sql(`${search.matches.text} ORDER BY rowid DESC LIMIT ${RELEVANCE_WINDOW}`).iterate(
    search.matches.values,
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
  const page = (ranked: Weighed[]): RankedPage<Row> => {
    const rows = keptRows(ranked, wanted, kept, search.rowsOf);
    // The count wants the matches up to its cap, or all of them.
    while (!ended && walked <= request.countLimit) next();
    return { rows: rows.slice(request.offset, wanted), matches: walked };
  };
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
      const newest = weighed[0];
      const oldest = weighed.at(-1);
      if (ended || !newest || !oldest) return page(byRank(weighed));
      // What any match not weighed yet could weigh at most: it is older than the last weighed.
      const bound = MOST / ageWeight(oldest.id);
      const settled = byRank(weighed.filter((hit) => hit.score >= bound));
      if (keptRows(settled, wanted, kept, search.rowsOf).length >= wanted) return page(settled);
      // How many matches the page would take weighed one by one: as many as there are back to
      // the age at which none can outweigh its last row, at the pace they came so far. Past
      // LAZY, the columns' matches are walked instead (a common word over many feeds).
      const last = byRank(weighed)[wanted - 1];
      const reach = last ? MOST / last.score : Infinity;
      const pace = walked / Math.max(ageWeight(oldest.id) - ageWeight(newest.id), 1e-9);
      if (walked + pace * (reach - ageWeight(oldest.id)) > LAZY) {
        const rest: number[] = [];
        while (!ended) rest.push(...next());
        const titled = search.column("title", newest.id);
        const described = search.column("description", newest.id);
        for (const id of rest) {
          const weight = 1 + 9 * Number(titled.has(id)) + 3 * Number(described.has(id));
          weighed.push({ id, score: weight / ageWeight(id) });
        }
        return page(byRank(weighed));
      }
    }
  } finally {
    walk.return?.();
  }
}

const byRank = (hits: Weighed[]) => [...hits].sort((a, b) => b.score - a.score || b.id - a.id);

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
