/**
 * llms.txt (https://llmstxt.org): a Markdown index for language models. An H1 with the
 * site's name, a `>` summary, then H2 sections of `- [name](url): description` links.
 */

export interface LlmsLink {
  name: string;
  url: string;
  description?: string;
}

export interface LlmsDocument {
  title: string;
  summary: string;
  details?: string;
  sections: readonly { heading: string; links: readonly LlmsLink[] }[];
}

/** One line: no newlines, and no brackets or parentheses that would break the link syntax. */
function inline(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function linkText(text: string): string {
  return inline(text).replace(/[[\]]/g, "");
}

export function renderLlmsTxt(doc: LlmsDocument): string {
  const lines = [`# ${inline(doc.title)}`, "", `> ${inline(doc.summary)}`, ""];
  if (doc.details) lines.push(inline(doc.details), "");
  for (const section of doc.sections) {
    if (section.links.length === 0) continue;
    lines.push(`## ${inline(section.heading)}`, "");
    for (const link of section.links) {
      const url = link.url.replace(
        /[()\s]/g,
        (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
      );
      lines.push(
        `- [${linkText(link.name)}](${url})${link.description ? `: ${inline(link.description)}` : ""}`,
      );
    }
    lines.push("");
  }
  return lines.join("\n");
}
