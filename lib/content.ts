import { readFile } from "node:fs/promises";
import path from "node:path";
import books from "@/content/books.json";
import faq from "@/content/faq.json";

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
export const BOOKS_CATALOGUE: readonly Book[] = books;

export type LegalDocument = "privacy" | "terms";

export async function readLegalDocument(name: LegalDocument): Promise<string> {
  return readFile(path.join(process.cwd(), "content", "legal", `${name}.md`), "utf8");
}
