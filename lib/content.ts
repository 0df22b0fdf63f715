import { readFile } from "node:fs/promises";
import path from "node:path";
import books from "@/content/books.json";
import faq from "@/content/faq.json";
import { fillPublication, type Publication } from "./publication";

/** Editorial content lives in content/; this module gives it types. */

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface Book {
  title: string;
  cover: string;
  storeUrl: string;
}

export const FAQ_ENTRIES: readonly FaqEntry[] = faq;

/** The FAQ as a publication shows it (content/faq.json names it through placeholders). */
export function faqEntries(publication: Publication): FaqEntry[] {
  return FAQ_ENTRIES.map((entry) => ({
    question: fillPublication(entry.question, publication),
    answer: fillPublication(entry.answer, publication),
  }));
}
export const BOOKS_CATALOGUE: readonly Book[] = books;

export type LegalDocument = "privacy" | "terms";

export async function readLegalDocument(
  name: LegalDocument,
  publication: Publication,
): Promise<string> {
  const text = await readFile(path.join(process.cwd(), "content", "legal", `${name}.md`), "utf8");
  return fillPublication(text, publication);
}
