/**
 * Site search, the pure part: reading the query from the address, matching and ranking.
 * Matching is literal (no pattern syntax: ".*(" means those three characters), ignores case
 * and Unicode composition, and asks that every word of the query appears somewhere in the
 * title or the description; a query found whole is one such case, so any plain substring
 * match is found too.
 */

/** The longest query we read; the search inputs carry the same maxLength. */
export const MAX_QUERY_LENGTH = 200;

/**
 * The query from `?q=`: the first value when repeated, trimmed, capped at MAX_QUERY_LENGTH
 * characters (never splitting a character made of two UTF-16 units), "" when absent.
 */
export function readQuery(value: string | string[] | undefined): string {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== "string") return "";
  return Array.from(first.trim()).slice(0, MAX_QUERY_LENGTH).join("").trim();
}

/** Text as compared: composed the same way (é vs e + accent), lower case. */
export function fold(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

export interface SearchFields {
  title: string;
  description: string;
}

export interface Match<T> {
  item: T;
  score: number;
}

/** The query's words, folded, without duplicates. */
export function queryTerms(query: string): string[] {
  return [...new Set(fold(query).split(/\s+/u).filter(Boolean))];
}

/**
 * How well an item answers the query, 0 when it does not: the whole query in the title
 * ranks first, then every word in the title, then the whole query in the description,
 * then the words spread over both.
 */
export function scoreMatch(fields: SearchFields, query: string): number {
  const terms = queryTerms(query);
  if (terms.length === 0) return 0;
  const phrase = terms.join(" ");
  const title = fold(fields.title).replace(/\s+/gu, " ");
  const description = fold(fields.description).replace(/\s+/gu, " ");
  const both = `${title}\n${description}`;
  if (!terms.every((term) => both.includes(term))) return 0;
  if (title.includes(phrase)) return 4;
  if (terms.every((term) => title.includes(term))) return 3;
  if (description.includes(phrase)) return 2;
  return 1;
}

/** The items that match, best first; equal scores keep the items' own order (newest first). */
export function searchItems<T>(
  items: readonly T[],
  query: string,
  fieldsOf: (item: T) => SearchFields,
): T[] {
  return items
    .map((item): Match<T> => ({ item, score: scoreMatch(fieldsOf(item), query) }))
    .filter((match) => match.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((match) => match.item);
}

export interface TextSegment {
  text: string;
  match: boolean;
}

/**
 * `text` cut into plain and matching runs, for highlighting the query's words. When folding
 * changes the text's length (a few characters lower-case to two), nothing is highlighted
 * rather than the wrong letters.
 */
export function highlightSegments(text: string, query: string): TextSegment[] {
  const folded = text.toLowerCase();
  const terms = [...new Set(query.toLowerCase().split(/\s+/u).filter(Boolean))];
  if (folded.length !== text.length || terms.length === 0) return [{ text, match: false }];
  const marked = new Array<boolean>(text.length).fill(false);
  for (const term of terms) {
    for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + term.length)) {
      marked.fill(true, at, at + term.length);
    }
  }
  const segments: TextSegment[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = segments[segments.length - 1];
    if (last && last.match === marked[i]) last.text += text[i];
    else segments.push({ text: text[i]!, match: marked[i]! });
  }
  return segments;
}
