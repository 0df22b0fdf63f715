import { markWords } from "@/lib/archive";

/** `text` with the words that answer the search marked; React escapes every piece. */
export function Highlighted({ text, marks }: { text: string; marks: readonly string[] }) {
  return markWords(text, marks).map((segment, index) =>
    segment.mark ? <mark key={index}>{segment.text}</mark> : segment.text,
  );
}
