import { highlightSegments } from "@/lib/search";

/** `text` with the query's words marked; React escapes every piece. */
export function Highlighted({ text, query }: { text: string; query: string }) {
  return highlightSegments(text, query).map((segment, index) =>
    segment.match ? <mark key={index}>{segment.text}</mark> : segment.text,
  );
}
