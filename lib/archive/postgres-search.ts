import { COUNT_BUDGET_MS, windowedCount, type BudgetedCount } from "./budgeted-count";
import type { FeedShares } from "./postgres-feed-index";
import { countsWhole, planSearch } from "./postgres-plan";
import type { PostgresPool, Query } from "./postgres-pool";
import {
  FIRST_WEIGHED,
  HEADLINES_OF,
  idBefore,
  idFrom,
  MONTH_MS,
  MOST,
  searchStatements,
  type SearchPlan,
  type Statement,
} from "./postgres-query";
import type { ArchivedHeadline, EngineSearch, EngineSearchPage } from "./types";

/**
 * The shared engine's search: its plan (postgres-plan.ts), then the page and the count, each
 * on a connection of its own. A walk reads a row of the publication's feeds a page, from disk
 * when the archive is larger than PostgreSQL's cache: counting 1,001 matches of a common word
 * read about 4,000 of them and took up to 145 ms at a million headlines. So a walk's count is
 * asked window by window, newest first, and says about how many once its budget is spent, as
 * the embedded engine's does (budgeted-count.ts), unless the publication's rows are few enough
 * to be read within it (countsWhole). The other plans' counts read the index's entries once,
 * and are asked whole.
 */

export const toHeadline = (row: Record<string, unknown>): ArchivedHeadline => ({
  id: String(row.id),
  feed: row.feed as string,
  title: row.title as string,
  description: row.description as string,
  link: row.link as string,
  imageUrl: row.image as string,
  at: row.at as number,
  section: row.section as string,
  story: String(row.story),
});

/** A bound of moments as PostgreSQL's bigint compares it (`at >= 1.5` is `at >= 2`). */
export const bound = (moment: number) => Math.ceil(moment);

export async function postgresSearch(
  pool: PostgresPool,
  asked: EngineSearch,
  shares?: FeedShares,
): Promise<EngineSearchPage> {
  const request: EngineSearch = {
    ...asked,
    from: asked.from === null ? null : bound(asked.from),
    to: asked.to === null ? null : bound(asked.to),
    now: Math.round(asked.now),
  };
  // A search's statements on connections of their own (PostgresPool.searches).
  const lane = pool.searches;
  const planned = await planSearch(lane.query, request, shares);
  if (planned === null) return { hits: [], total: 0 };
  const statements = searchStatements(request, planned.plan, planned.paired);
  if (!statements) return { hits: [], total: 0 };
  // A walk of few rows is counted whole, as the other plans are.
  const windowed = planned.plan === "walk" && !countsWhole(planned.rows);
  const inPlan: InPlan = (plan, work) =>
    plan === "walk"
      ? lane.transaction(async (inside) => {
          await inside("SET LOCAL enable_bitmapscan = off");
          return work(inside);
        })
      : work(lane.query);
  const window = { plan: planned.plan, statements };
  const [hits, count] = await Promise.all([
    request.order === "relevance"
      ? rankedPage(request, inPlan, {
          first: {
            plan: planned.first,
            statements:
              planned.first === planned.plan
                ? statements
                : searchStatements(request, planned.first, planned.paired)!,
          },
          window,
        })
      : inPlan(planned.plan, (query) =>
          query<Record<string, unknown>>(statements.page.text, statements.page.values),
        ),
    inPlan(planned.plan, (query) =>
      countMatches(query, request, statements.countBetween, windowed),
    ),
  ]);
  return { hits: hits.map(toHeadline), ...count };
}

/**
 * The search's matches, up to countLimit + 1: `windowed`, a long walk's, by windows within
 * COUNT_BUDGET_MS; otherwise in one statement.
 */
async function countMatches(
  query: Query,
  request: EngineSearch,
  countBetween: (low: number, high: number, limit: number) => Statement,
  windowed: boolean,
): Promise<BudgetedCount> {
  const between = async (low: number, high: number, limit: number) => {
    const { text, values } = countBetween(low, high, limit);
    const [row] = await query<{ total: string }>(text, values);
    return Number(row?.total ?? 0);
  };
  const cap = request.countLimit;
  if (!windowed) {
    const total = await between(
      request.from === null ? 0 : idFrom(request.from),
      request.to === null ? Number.MAX_SAFE_INTEGER : idBefore(request.to),
      cap + 1,
    );
    return { total, estimated: false };
  }
  // The archive's first and last ids, where the search has no dates: the primary key's ends.
  const [ends] =
    request.from !== null && request.to !== null
      ? []
      : await query<{ low: string | null; high: string | null }>(
          "SELECT min(id) AS low, max(id) AS high FROM items",
        );
  const range = {
    low: request.from === null ? Number(ends?.low ?? 0) : idFrom(request.from),
    high: request.to === null ? Number(ends?.high ?? -1) + 1 : idBefore(request.to),
  };
  return windowedCount(between, range, cap, COUNT_BUDGET_MS, () => performance.now());
}

interface Weighed {
  id: string;
  score: number;
  feed: string;
  at: number;
}

/** Runs `work` on a connection of the search's lane, set for `plan` (a walk: no bitmap scans). */
export type InPlan = <T>(plan: SearchPlan, work: (query: Query) => Promise<T>) => Promise<T>;

interface Planned {
  plan: SearchPlan;
  statements: NonNullable<ReturnType<typeof searchStatements>>;
}

/**
 * A relevance page: the newest FIRST_WEIGHED matches weighed first (each feed's share, or of
 * all the feeds: `first`, planned for so few). A match weighs at most MOST at its age, and a
 * feed's matches not read yet are older than its last read, so when the page's rows all weigh
 * more than any of them could, the page is settled and the rest of the window is not read (a
 * common word's page over a million headlines: its newest few hundred matches). Otherwise the
 * whole `window` is weighed in one statement.
 */
export async function rankedPage(
  request: EngineSearch,
  inPlan: InPlan,
  { first, window }: { first: Planned; window: Planned },
): Promise<Record<string, unknown>[]> {
  const step = first.statements.newest(FIRST_WEIGHED);
  const read = await inPlan(first.plan, (query) =>
    query<Record<string, unknown>>(step.text, step.values),
  );
  const weighed = read.map((row): Weighed => ({
    id: String(row.id),
    score: Number(row.score),
    feed: step.apart ? (row.feed as string) : "",
    at: Number(row.at),
  }));
  const ids = settledPage(weighed, step.each, request);
  if (!ids)
    return inPlan(window.plan, (query) =>
      query<Record<string, unknown>>(window.statements.page.text, window.statements.page.values),
    );
  if (ids.length === 0) return [];
  const rows = await inPlan("index", (query) =>
    query<Record<string, unknown>>(HEADLINES_OF, [request.publication, ids]),
  );
  const byId = new Map(rows.map((row) => [String(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/**
 * The ids of the page when `weighed` settles it, in rank order; null when a match not read yet
 * could still outweigh one of its rows. A group (a feed, or all of them) of fewer than `each`
 * matches was read whole.
 */
function settledPage(weighed: Weighed[], each: number, request: EngineSearch): string[] | null {
  const ranked = [...weighed].sort((a, b) => b.score - a.score || Number(b.id) - Number(a.id));
  const page = () =>
    ranked.slice(request.offset, request.offset + request.limit).map((hit) => hit.id);
  const groups = Map.groupBy(weighed, (hit) => hit.feed);
  // The latest moment a match not read yet can have: its id is below its group's last read,
  // so its second at most that one's (item-id.ts).
  let unread = -Infinity;
  for (const hits of groups.values()) {
    const last = hits.reduce((a, b) => (Number(b.id) < Number(a.id) ? b : a));
    if (hits.length >= each) unread = Math.max(unread, Math.floor(last.at / 1000) * 1000 + 999);
  }
  if (unread === -Infinity) return page();
  const bound = MOST / (1 + Math.max(0, request.now - unread) / MONTH_MS);
  const wanted = ranked.slice(0, request.offset + request.limit);
  const settled =
    wanted.length === request.offset + request.limit && wanted.every((hit) => hit.score > bound);
  return settled ? page() : null;
}
