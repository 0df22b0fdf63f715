import { decode } from "html-entities";

const decodeHTML = (text: string) => decode(text, { level: "html5" });

const DROPPED_ELEMENTS =
  /<(script|style|noscript|template|iframe|object)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const COMMENTS = /<!--[\s\S]*?-->/g;
const CDATA = /<!\[CDATA\[([\s\S]*?)\]\]>/g;
// Only things shaped like tags: "a < b" in prose survives.
const TAGS = /<\/?[a-zA-Z][^<>]*>|<![a-zA-Z][^<>]*>/g;
// C0 controls except tab, newline, carriage return; DEL and C1 controls; lone surrogates are
// handled by the decoder. These turn up in real feeds and render as boxes.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/**
 * Feed HTML (or text holding entities) to one clean line of plain text. The result is
 * rendered as text, never as HTML.
 */
export function htmlToText(input: string | null | undefined): string {
  if (!input) return "";
  let text = input.replace(CDATA, "$1").replace(COMMENTS, " ").replace(DROPPED_ELEMENTS, " ");
  // Block-level ends become spaces so words from adjacent paragraphs do not run together.
  text = text.replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr|\/td)\b[^>]*>/gi, " ");
  text = text.replace(TAGS, "");
  // Entities may have been double-escaped by the feed ("&amp;nbsp;"); decode twice at most.
  text = decodeHTML(text);
  if (/&[#a-zA-Z0-9]+;/.test(text)) text = decodeHTML(text).replace(TAGS, "");
  return text
    .replace(CONTROL, "")
    .replace(/[\s\u00a0\u200b]+/g, " ")
    .trim();
}

/** Cut at a word boundary with an ellipsis. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  // A word that ends exactly at the cut is kept whole.
  const space = text[max - 1] === " " ? cut.length : cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, "")}…`;
}
