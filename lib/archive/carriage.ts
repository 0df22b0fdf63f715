import { SIGHTING_MS } from "./item-id.ts";
import type { CarriageRow } from "./types";

/**
 * The network's carriage brought up to date, the same on both engines: rows in force that the
 * network no longer has are closed (until `at`), rows it has that are not in force are opened.
 * History is never rewritten. The first carriage covers what was read before it (since 0); a
 * later one, the last hour's reads (an item's sighting is renewed at most hourly).
 */
export function carriageChanges<Row extends CarriageRow & { id: number }>(
  open: readonly Row[],
  rows: readonly CarriageRow[],
  at: number,
  first: boolean,
): { closing: number[]; opening: CarriageRow[]; since: number } {
  const keyOf = (row: CarriageRow) =>
    `${row.publication}\n${row.section}\n${row.feed}\n${row.rank}`;
  const wanted = new Set(rows.map(keyOf));
  const inForce = new Set(open.map(keyOf));
  return {
    closing: open.filter((row) => !wanted.has(keyOf(row))).map((row) => row.id),
    opening: rows.filter((row) => !inForce.has(keyOf(row))),
    since: first ? 0 : Math.round(at) - SIGHTING_MS,
  };
}
