import { assertWellFormedFeed, FeedDocumentError } from "./feed-document";
import { FeedParseError, parseFeedText, sanitiseFeedXml } from "./parse-feed";

const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Sample</title>
<item><title>Council votes &amp; adjourns</title><link>https://news.example/1</link>
<description><![CDATA[<p>Budget passes</p>]]></description>
<media:thumbnail url="https://news.example/1.jpg"/></item>
<item><title>Second story</title><link>https://news.example/2</link></item>
</channel></rss>`;

const ATOM = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>A</title>
<entry><title>One</title><link href="https://news.example/a"/><id>a</id><updated>2026-01-01T00:00:00Z</updated></entry></feed>`;

const RDF = `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
<channel rdf:about="https://news.example/"><title>R</title><link>https://news.example/</link></channel>
<item rdf:about="https://news.example/r"><title>R one</title><link>https://news.example/r</link></item></rdf:RDF>`;

describe("assertWellFormedFeed", () => {
  it.each([
    ["rss", RSS],
    ["feed", ATOM],
    ["rdf:RDF", RDF],
  ])("accepts a complete %s document", (root, xml) => {
    expect(assertWellFormedFeed(sanitiseFeedXml(xml))).toBe(root);
  });

  // Every cut of the RSS document is refused: the lenient feed parser would read many of them.
  it("refuses the document cut off at any point", () => {
    const end = RSS.lastIndexOf("</rss>") + "</rss>".length;
    const accepted: number[] = [];
    for (let at = 0; at < end; at++) {
      try {
        assertWellFormedFeed(sanitiseFeedXml(RSS.slice(0, at)));
        accepted.push(at);
      } catch (error) {
        expect(error).toBeInstanceOf(FeedDocumentError);
      }
    }
    expect(accepted).toEqual([]);
  });

  it.each([
    ["an unterminated title", "<rss><channel><item><title>unterminated"],
    ["an unclosed item", "<rss><channel><item><title>T</title></channel></rss>"],
    [
      "an HTML error page",
      "<!DOCTYPE html><html><head><title>502</title></head><body>Bad gateway</body></html>",
    ],
    ["XHTML served with 200", '<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>'],
    ["text after the root", `${RSS}<rss/>`],
    ["an unterminated CDATA section", "<rss><channel><item><description><![CDATA[<p>cut"],
    ["garbage", "\u0000\u0001\u00ffgarbage"],
    ["JSON", '{"status":"ok","items":[]}'],
    ["nothing", ""],
  ])("refuses %s", (_, xml) => {
    expect(() => assertWellFormedFeed(sanitiseFeedXml(xml))).toThrow(FeedDocumentError);
  });

  it("names the fault", () => {
    expect(() => assertWellFormedFeed("<html><body></body></html>")).toThrow(
      "not a feed: the root element is <html>",
    );
    expect(() => assertWellFormedFeed("<rss><channel>")).toThrow(/not a well-formed XML document/);
  });
});

describe("parseFeedText keeps reading real-world feeds that are only cosmetically broken", () => {
  it("bare ampersands, HTML entities, an undeclared prefix", () => {
    const xml = `<rss version="2.0"><channel><title>Q&A</title>
<item><title>Fish &amp; chips&nbsp;night &eacute;t&eacute; Q&A</title><link>https://news.example/x?a=1&b=2</link>
<dc:creator>Desk</dc:creator></item></channel></rss>`;
    const [article] = parseFeedText(xml, "https://news.example/feed.xml");
    expect(article?.title).toBe("Fish & chips night été Q&A");
    expect(article?.link).toBe("https://news.example/x?a=1&b=2");
  });

  it("a cut-off document is a FeedParseError, not a shorter list", () => {
    const cut = RSS.slice(0, RSS.indexOf("Second story"));
    expect(() => parseFeedText(cut, "https://news.example/feed.xml")).toThrow(FeedParseError);
  });
});
