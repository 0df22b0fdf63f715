import { SaxesParser } from "saxes";

/**
 * The gate a feed body passes before it may replace a feed's last good copy: a complete,
 * well-formed XML document whose root element is an RSS (`rss`), Atom (`feed`) or RSS 1.0
 * (`rdf:RDF`) root. The feed parser is lenient by design (it reads what it can of a broken
 * document), so a transfer cut off half way, or `<rss><channel><item><title>unterminated`,
 * would otherwise come through as a short or empty list and blank the section. A strict
 * XML parser (saxes) rejects those: unclosed elements, text after the root, no root at all.
 *
 * Runs on text already made safe by sanitiseFeedXml (no DOCTYPE, HTML entities rewritten,
 * forbidden characters dropped), so entity and character rules do not reject real feeds
 * for cosmetic faults; only structure counts.
 */

export class FeedDocumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FeedDocumentError";
  }
}

/** Root element local names of the feed formats we read (any prefix). */
const FEED_ROOTS = new Set(["rss", "feed", "RDF"]);

function localName(name: string): string {
  return name.slice(name.indexOf(":") + 1);
}

/** Throws FeedDocumentError naming the first fault; returns the root element's name. */
export function assertWellFormedFeed(xml: string): string {
  const parser = new SaxesParser({ xmlns: false, position: true });
  let root: string | null = null;
  parser.on("error", (error) => {
    // saxes would go on after an error; the first one decides.
    throw new FeedDocumentError(`not a well-formed XML document (${error.message})`);
  });
  parser.on("opentagstart", (tag) => {
    if (root !== null) return;
    root = tag.name;
    if (!FEED_ROOTS.has(localName(tag.name))) {
      throw new FeedDocumentError(`not a feed: the root element is <${tag.name}>`);
    }
  });
  parser.write(xml).close();
  if (root === null) throw new FeedDocumentError("not a feed: no root element");
  return root;
}
