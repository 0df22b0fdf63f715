import { withArchive } from "./engine";
import { dayRange, isoDay, readIsoDay, type CalendarDay } from "./days";
import { editDistance, parseQuery, readQuery, wordsOf } from "./query";
import type { ArchiveOwner } from "./calendar";
import { storyMarks } from "./story-marks";
import type { ArchivedHeadline, SearchOrder, StoryLink } from "./types";

/**
 * A publication's search over its archive: the address's parameters read (a bad one named on
 * the page and ignored), the engine asked, and, when nothing is found, what may help.
 * Throws ArchiveUnavailableError when the archive cannot answer.
 */

export const RESULTS_PER_PAGE = 20;
/** Hits read past a page's 20, to fill it when some are copies of one story. */
const STORY_SLACK = 10;
/** Counting stops here; past it the page says "more than". */
const COUNT_LIMIT = 1000;
const MAX_PAGE = COUNT_LIMIT / RESULTS_PER_PAGE;

type Param = string | string[] | undefined;
export type SearchParamsInput = Partial<
  Record<"q" | "section" | "from" | "to" | "sort" | "page", Param>
>;

export interface SearchRequest {
  query: string;
  section: string | null;
  from: CalendarDay | null;
  to: CalendarDay | null;
  sort: SearchOrder;
  page: number;
  /** What was refused and ignored, said to the reader. */
  notices: string[];
}

const first = (value: Param) => (Array.isArray(value) ? value[0] : value)?.trim() ?? "";

/** Reads the address; `sections` are the slugs (and titles) a publication shows. */
export function readSearchRequest(
  params: SearchParamsInput,
  sections: readonly { slug: string; title: string }[],
): SearchRequest {
  const notices: string[] = [];
  const section = first(params.section);
  const known = sections.find((entry) => entry.slug === section);
  if (section && !known)
    notices.push(`There is no section “${section.slice(0, 40)}”: showing every section.`);
  const day = (name: "from" | "to") => {
    const text = first(params[name]);
    if (!text) return null;
    const value = readIsoDay(text);
    if (!value)
      notices.push(
        `“${text.slice(0, 40)}” is not a date (YYYY-MM-DD): the ${name === "from" ? "start" : "end"} date is ignored.`,
      );
    return value;
  };
  let from = day("from");
  let to = day("to");
  if (from && to && isoDay(from) > isoDay(to)) {
    [from, to] = [to, from];
    notices.push("The dates were the wrong way round: they are swapped.");
  }
  const sortText = first(params.sort);
  if (sortText && sortText !== "relevance" && sortText !== "newest")
    notices.push(`“${sortText.slice(0, 40)}” is not an order: showing the best matches first.`);
  const pageText = first(params.page);
  const page = /^\d{1,3}$/.test(pageText) ? Math.min(Math.max(Number(pageText), 1), MAX_PAGE) : 1;
  return {
    query: readQuery(params.q),
    section: known ? known.slug : null,
    from,
    to,
    sort: sortText === "newest" ? "newest" : "relevance",
    page,
    notices,
  };
}

export interface SearchSuggestions {
  /** The query with misspelt words replaced by the archive's own; null: none found. */
  spelling: string | null;
  fewerWords: boolean;
  widerDates: boolean;
  anySection: boolean;
}

export interface SearchOutcome {
  /** A story once: its best-matching copy (the first the engine answered) on the page. */
  hits: ArchivedHeadline[];
  /** By link: the hits whose story has two or more sources in the publication. */
  stories: Record<string, StoryLink>;
  /** Exact below COUNT_LIMIT unless `estimated`; `more` says there are more than it. */
  total: number;
  more: boolean;
  estimated: boolean;
  pages: number;
  /** Words to mark in the results. */
  marks: string[];
  /** Only when nothing was found. */
  suggestions: SearchSuggestions | null;
}

export async function searchArchive(
  owner: ArchiveOwner,
  request: SearchRequest,
): Promise<SearchOutcome> {
  const parsed = parseQuery(request.query);
  const from = request.from ? dayRange(request.from, owner.timeZone)[0] : null;
  const to = request.to ? dayRange(request.to, owner.timeZone)[1] : null;
  const page = parsed.engine.all.length
    ? await withArchive((engine) =>
        engine.search({
          publication: owner.key,
          query: parsed.engine,
          section: request.section,
          from,
          to,
          order: request.sort,
          offset: (request.page - 1) * RESULTS_PER_PAGE,
          // A page is filled to RESULTS_PER_PAGE after each story is shown once.
          limit: RESULTS_PER_PAGE + STORY_SLACK,
          countLimit: COUNT_LIMIT,
          now: Date.now(),
        }),
      )
    : { hits: [], total: 0 };
  const more = page.total > COUNT_LIMIT;
  // An estimate never says fewer than the page shows.
  const least =
    (request.page - 1) * RESULTS_PER_PAGE + Math.min(page.hits.length, RESULTS_PER_PAGE);
  const total = Math.min(page.estimated ? Math.max(page.total, least) : page.total, COUNT_LIMIT);
  return {
    ...(await oncePerStory(owner.key, page.hits)),
    total,
    more,
    estimated: !more && (page.estimated ?? false),
    pages: Math.max(1, Math.ceil(total / RESULTS_PER_PAGE)),
    marks: parsed.marks,
    suggestions:
      total === 0
        ? {
            spelling: await spelling(request.query),
            fewerWords: parsed.terms > 1,
            widerDates: from !== null || to !== null,
            anySection: request.section !== null,
          }
        : null,
  };
}

/** The query with each word the archive does not know replaced by its closest known word. */
async function spelling(query: string): Promise<string | null> {
  const words = [...new Set(wordsOf(query))].slice(0, 6);
  let changed = false;
  const replaced = new Map<string, string>();
  for (const word of words) {
    if (word.length < 3) continue;
    const candidates = await withArchive((engine) => engine.wordsLike(word, 2000));
    if (candidates.some((candidate) => candidate.word === word)) continue;
    const max = word.length > 5 ? 2 : 1;
    let best: { word: string; uses: number; distance: number } | null = null;
    for (const candidate of candidates) {
      const distance = editDistance(word, candidate.word, max);
      if (distance > max) continue;
      if (
        !best ||
        distance < best.distance ||
        (distance === best.distance && candidate.uses > best.uses)
      )
        best = { ...candidate, distance };
    }
    if (best) {
      replaced.set(word, best.word);
      changed = true;
    }
  }
  if (!changed) return null;
  return query.replace(/[\p{L}\p{N}\p{M}]+/gu, (written) => {
    const folded = wordsOf(written)[0];
    return folded && replaced.has(folded) ? replaced.get(folded)! : written;
  });
}

/**
 * A page of hits with each story once, its first (best-matching, or newest) copy kept where it
 * stands, marked with its sources; the others of the page go, and the page is filled to
 * RESULTS_PER_PAGE from the hits read past it (so a hit may also open the next page, and a
 * story's copies may meet on two pages: the count is of headlines).
 */
async function oncePerStory(publicationKey: string, found: readonly ArchivedHeadline[]) {
  const seen = new Set<string>();
  const hits = found
    .filter((hit) => !seen.has(hit.story) && !!seen.add(hit.story))
    .slice(0, RESULTS_PER_PAGE);
  const marks = await storyMarks(
    publicationKey,
    hits.map((hit) => hit.link),
  );
  const stories: Record<string, StoryLink> = {};
  for (const mark of marks.values())
    if (mark.sources >= 2) stories[mark.link] = { id: mark.story, sources: mark.sources };
  return { hits, stories };
}
