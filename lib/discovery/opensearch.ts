import { pageFor } from "../pages";
import { publicationUrl, type Publication } from "../publication";
import { xmlEscape } from "./xml";

/**
 * /opensearch.xml: the publication's search described for browsers (OpenSearch 1.1), so a
 * reader can add it to the browser's search box. Every page links it (`<link rel="search">`,
 * app/[publication]/layout.tsx).
 */
export const OPENSEARCH = "application/opensearchdescription+xml; charset=utf-8";

/** OpenSearch's limit for ShortName. */
const SHORT_NAME_MAX = 16;

/** The publication's short name, cut at a word within 16 characters when longer. */
export function openSearchShortName(publication: Publication): string {
  const name = publication.shortName.trim();
  if (name.length <= SHORT_NAME_MAX) return name;
  const cut = name.slice(0, SHORT_NAME_MAX + 1);
  const words = cut.slice(0, Math.max(cut.lastIndexOf(" "), 0)).trim();
  return words || name.slice(0, SHORT_NAME_MAX);
}

export function openSearchDocument(publication: Publication): string {
  const search = publicationUrl(publication, "/search");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">',
    `  <ShortName>${xmlEscape(openSearchShortName(publication))}</ShortName>`,
    `  <Description>${xmlEscape(pageFor(publication, "/search").description)}</Description>`,
    `  <LongName>${xmlEscape(publication.name)}</LongName>`,
    "  <InputEncoding>UTF-8</InputEncoding>",
    `  <Image width="48" height="48" type="image/x-icon">${xmlEscape(publicationUrl(publication, "/favicon.ico"))}</Image>`,
    `  <Url type="text/html" method="get" template="${xmlEscape(search)}?q={searchTerms}"/>`,
    `  <Url type="application/opensearchdescription+xml" rel="self" template="${xmlEscape(publicationUrl(publication, "/opensearch.xml"))}"/>`,
    "</OpenSearchDescription>",
    "",
  ].join("\n");
}
