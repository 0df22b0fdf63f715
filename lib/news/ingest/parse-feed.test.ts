import { mergeArticles } from "./normalise";
import {
  decodeFeedBytes,
  FEED_ITEMS_READ,
  FeedParseError,
  parseFeedDocument,
  parseFeedText,
  sanitiseFeedXml,
} from "./parse-feed";
import { DEFAULT_IMAGE_URL } from "../types";

const parseFeedBytes = (bytes: Uint8Array, feedUrl: string, contentType?: string | null) =>
  parseFeedDocument(bytes, feedUrl, contentType).articles;

/** The list, known to have at least one element (fails the test otherwise). */
function nonEmpty<T>(list: T[]): [T, ...T[]] {
  if (list.length === 0) throw new Error("expected at least one article");
  return list as [T, ...T[]];
}

const FEED_URL = "https://feeds.example.net/section/top.xml";

function rss(items: string, channelExtra = "<link>https://wire.example.com/</link>"): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>Riverbend Wire</title>
    ${channelExtra}
    <description>Test feed</description>
    ${items}
  </channel>
</rss>`;
}

function item(
  title: string,
  extra = "",
  link = `https://wire.example.com/news/${encodeURIComponent(title)}`,
): string {
  return `<item><title>${title}</title><link>${link}</link>${extra}</item>`;
}

describe("parseFeedText: RSS 2.0", () => {
  const feed = rss(`
    <item>
      <title>Bridge reopens after repairs</title>
      <link>https://wire.example.com/news/bridge</link>
      <description><![CDATA[<p>The <strong>Main Street</strong> bridge &amp; its ramps reopened.</p><script>track()</script><img src="x.jpg">]]></description>
      <pubDate>Tue, 10 Jun 2025 14:00:00 GMT</pubDate>
      <media:thumbnail url="https://img.example.com/bridge-thumb.jpg" width="144" height="81"/>
    </item>
    <item>
      <title>Market day returns</title>
      <link>/news/market</link>
      <description>Fresh produce &amp; crafts</description>
      <pubDate>Mon, 09 Jun 2025 08:30:00 +0200</pubDate>
      <media:content url="https://img.example.com/market.jpg" medium="image" />
    </item>
    <item>
      <title>Council meeting</title>
      <link>https://wire.example.com/news/council</link>
      <description>Agenda &lt;b&gt;published&lt;/b&gt;</description>
      <pubDate>Sun, 08 Jun 2025 18:00:00 GMT</pubDate>
      <enclosure url="https://img.example.com/council.jpg" type="image/jpeg" length="1234"/>
    </item>
    <item>
      <title>No picture here</title>
      <link>https://wire.example.com/news/plain</link>
      <pubDate>Sat, 07 Jun 2025 18:00:00 GMT</pubDate>
    </item>
    <item>
      <title>Hostile link</title>
      <link>javascript:alert(1)</link>
    </item>
    <item>
      <link>https://wire.example.com/news/untitled</link>
      <description>No title at all</description>
    </item>
  `);

  const articles = parseFeedText(feed, FEED_URL);

  it("keeps only items with a title and an http(s) link", () => {
    expect(articles.map((a) => a.title)).toEqual([
      "Bridge reopens after repairs",
      "Market day returns",
      "Council meeting",
      "No picture here",
    ]);
  });

  it("uses media:thumbnail and strips the CDATA HTML description", () => {
    expect(articles[0]).toEqual({
      title: "Bridge reopens after repairs",
      description: "The Main Street bridge & its ramps reopened.",
      link: "https://wire.example.com/news/bridge",
      pubDate: "2025-06-10T14:00:00.000Z",
      imageUrl: "https://img.example.com/bridge-thumb.jpg",
    });
  });

  it("uses media:content and resolves a relative link against the channel", () => {
    expect(articles[1]).toEqual({
      title: "Market day returns",
      description: "Fresh produce & crafts",
      link: "https://wire.example.com/news/market",
      pubDate: "2025-06-09T06:30:00.000Z",
      imageUrl: "https://img.example.com/market.jpg",
    });
  });

  it("uses an image enclosure and strips escaped HTML from the description", () => {
    expect(articles[2]).toEqual({
      title: "Council meeting",
      description: "Agenda published",
      link: "https://wire.example.com/news/council",
      pubDate: "2025-06-08T18:00:00.000Z",
      imageUrl: "https://img.example.com/council.jpg",
    });
  });

  it("falls back to the default image", () => {
    expect(articles[3]).toEqual({
      title: "No picture here",
      description: "",
      link: "https://wire.example.com/news/plain",
      pubDate: "2025-06-07T18:00:00.000Z",
      imageUrl: DEFAULT_IMAGE_URL,
    });
  });

  it("resolves relative links against the feed URL when the channel has no link", () => {
    const [article] = nonEmpty(
      parseFeedText(rss(item("Relative", "", "/news/relative"), ""), FEED_URL),
    );
    expect(article.link).toBe("https://feeds.example.net/news/relative");
  });

  it("prefers description over content:encoded", () => {
    const [article] = nonEmpty(
      parseFeedText(
        rss(
          item(
            "Both",
            "<description>Short one</description><content:encoded><![CDATA[<p>Long one</p>]]></content:encoded>",
          ),
        ),
        FEED_URL,
      ),
    );
    expect(article.description).toBe("Short one");
  });

  it("uses content:encoded when there is no description", () => {
    const [article] = nonEmpty(
      parseFeedText(
        rss(
          item(
            "Content only",
            "<content:encoded><![CDATA[<p>Only <i>content</i></p>]]></content:encoded>",
          ),
        ),
        FEED_URL,
      ),
    );
    expect(article.description).toBe("Only content");
  });

  // An audio or video enclosure (podcast feeds) is not a picture; it must not become imageUrl.
  it("does not use a non-image (audio) enclosure as the article image", () => {
    const [article] = nonEmpty(
      parseFeedText(
        rss(
          item(
            "Podcast episode",
            '<enclosure url="https://cdn.example.com/ep1.mp3" type="audio/mpeg" length="99"/>',
          ),
        ),
        FEED_URL,
      ),
    );
    expect(article.imageUrl).toBe(DEFAULT_IMAGE_URL);
  });
});

describe("parseFeedText: RSS 1.0 (RDF)", () => {
  const feed = `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel rdf:about="https://rdf.example.com/">
    <title>RDF Wire</title>
    <link>https://rdf.example.com/</link>
    <description>An RSS 1.0 feed</description>
    <items><rdf:Seq>
      <rdf:li rdf:resource="https://rdf.example.com/a"/>
      <rdf:li rdf:resource="https://rdf.example.com/b"/>
    </rdf:Seq></items>
  </channel>
  <item rdf:about="https://rdf.example.com/a">
    <title>First RDF story</title>
    <link>https://rdf.example.com/a</link>
    <description>Told &lt;em&gt;the RDF way&lt;/em&gt;</description>
    <dc:date>2025-05-05T05:05:05Z</dc:date>
  </item>
  <item rdf:about="https://rdf.example.com/b">
    <title>Second RDF story</title>
    <link>https://rdf.example.com/b</link>
  </item>
</rdf:RDF>`;

  it("parses items, dc:date and descriptions", () => {
    expect(parseFeedText(feed, FEED_URL)).toEqual([
      {
        title: "First RDF story",
        description: "Told the RDF way",
        link: "https://rdf.example.com/a",
        pubDate: "2025-05-05T05:05:05.000Z",
        imageUrl: DEFAULT_IMAGE_URL,
      },
      {
        title: "Second RDF story",
        description: "",
        link: "https://rdf.example.com/b",
        pubDate: null,
        imageUrl: DEFAULT_IMAGE_URL,
      },
    ]);
  });
});

describe("parseFeedText: Atom", () => {
  const feed = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" xml:base="https://atom.example.org/blog/">
  <title>Atom News</title>
  <id>urn:uuid:feed</id>
  <updated>2025-06-03T00:00:00Z</updated>
  <link rel="self" href="https://atom.example.org/feed.atom"/>
  <entry>
    <title type="html">&lt;b&gt;Bold&lt;/b&gt; entry</title>
    <id>urn:uuid:1</id>
    <link rel="edit" href="https://atom.example.org/edit/1"/>
    <link rel="alternate" type="text/html" href="posts/one"/>
    <published>2025-06-01T10:00:00Z</published>
    <updated>2025-06-02T10:00:00Z</updated>
    <summary type="html">&lt;p&gt;Summary &amp;amp; more&lt;/p&gt;</summary>
    <media:thumbnail url="images/one.jpg"/>
  </entry>
  <entry>
    <title>Only updated</title>
    <id>urn:uuid:2</id>
    <link href="/posts/two"/>
    <updated>2025-06-02T08:00:00+02:00</updated>
    <content type="html">&lt;p&gt;Content body&lt;/p&gt;</content>
  </entry>
  <entry xml:base="https://other.example.org/x/">
    <title>Entry base</title>
    <id>urn:uuid:3</id>
    <link rel="alternate" href="three"/>
  </entry>
</feed>`;

  it("uses rel=alternate links resolved against xml:base, published before updated", () => {
    expect(parseFeedText(feed, FEED_URL)).toEqual([
      {
        title: "Bold entry",
        description: "Summary & more",
        link: "https://atom.example.org/blog/posts/one",
        pubDate: "2025-06-01T10:00:00.000Z",
        imageUrl: "https://atom.example.org/blog/images/one.jpg",
      },
      {
        title: "Only updated",
        description: "Content body",
        link: "https://atom.example.org/posts/two",
        pubDate: "2025-06-02T06:00:00.000Z",
        imageUrl: DEFAULT_IMAGE_URL,
      },
      {
        title: "Entry base",
        description: "",
        link: "https://other.example.org/x/three",
        pubDate: null,
        imageUrl: DEFAULT_IMAGE_URL,
      },
    ]);
  });

  it("resolves relative links against the feed URL passed in when there is no xml:base", () => {
    const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>No base</title>
  <entry>
    <title>Relative entry</title>
    <link rel="alternate" href="/stories/rel"/>
    <updated>2025-01-01T00:00:00Z</updated>
  </entry>
  <entry>
    <title>Path-relative entry</title>
    <link href="more/rel2"/>
  </entry>
</feed>`;
    const articles = parseFeedText(atom, FEED_URL);
    expect(articles.map((a) => a.link)).toEqual([
      "https://feeds.example.net/stories/rel",
      "https://feeds.example.net/section/more/rel2",
    ]);
    expect(articles[0]?.pubDate).toBe("2025-01-01T00:00:00.000Z");
  });

  it("resolves relative entry links against the feed's alternate link", () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Site link</title>
  <link rel="alternate" href="https://site.example.com/news/"/>
  <entry><title>Site-relative</title><link rel="alternate" href="item-1"/></entry>
</feed>`;
    expect(parseFeedText(atom, FEED_URL)[0]?.link).toBe("https://site.example.com/news/item-1");
  });
});

describe("parseFeedText: real-world quirks", () => {
  it("accepts a UTF-8 byte-order mark in text and in bytes", () => {
    const feed = `\uFEFF${rss(item("BOM feed"))}`;
    expect(parseFeedText(feed, FEED_URL).map((a) => a.title)).toEqual(["BOM feed"]);
    const bytes = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...Buffer.from(rss(item("BOM bytes café")), "utf8"),
    ]);
    expect(parseFeedBytes(bytes, FEED_URL).map((a) => a.title)).toEqual(["BOM bytes café"]);
  });

  it("decodes HTML entities that XML does not define", () => {
    const [article] = nonEmpty(
      parseFeedText(
        rss(
          item(
            "Caf&eacute;&nbsp;opens &mdash; finally",
            "<description>Menu&nbsp;&amp; prices &eacute;t&eacute; &hellip; &copy;2025</description>",
          ),
        ),
        FEED_URL,
      ),
    );
    expect(article.title).toBe("Café opens \u2014 finally");
    expect(article.description).toBe("Menu & prices été \u2026 ©2025");
  });

  it("keeps an unknown entity as literal text instead of failing", () => {
    const [article] = nonEmpty(parseFeedText(rss(item("Fish &chips; shop")), FEED_URL));
    expect(article.title).toBe("Fish &chips; shop");
  });

  it("drops control characters inside text", () => {
    const [article] = nonEmpty(
      parseFeedText(
        rss(
          item(
            "Con\u0001trol\u000b chars\u001f",
            "<description>Bell\u0007 and\u0000 null</description>",
          ),
        ),
        FEED_URL,
      ),
    );
    expect(article.title).toBe("Control chars");
    expect(article.description).toBe("Bell and null");
  });

  it("strips HTML inside titles", () => {
    const articles = parseFeedText(
      rss(
        item("<b>Bold</b> news") +
          item("&lt;i&gt;Escaped&lt;/i&gt; italic") +
          item("<![CDATA[<em>CDATA</em> title]]>"),
      ),
      FEED_URL,
    );
    expect(articles.map((a) => a.title)).toEqual(["Bold news", "Escaped italic", "CDATA title"]);
  });

  it("puts undated items last after a merge", () => {
    const articles = parseFeedText(
      rss(
        item("Undated one") +
          item("Dated old", "<pubDate>Mon, 02 Jun 2025 10:00:00 GMT</pubDate>") +
          item("Garbage date", "<pubDate>sometime last week</pubDate>") +
          item("Dated new", "<pubDate>Wed, 04 Jun 2025 10:00:00 GMT</pubDate>"),
      ),
      FEED_URL,
    );
    expect(articles.find((a) => a.title === "Undated one")?.pubDate).toBeNull();
    expect(articles.find((a) => a.title === "Garbage date")?.pubDate).toBeNull();
    expect(mergeArticles([articles]).map((a) => a.title)).toEqual([
      "Dated new",
      "Dated old",
      "Undated one",
      "Garbage date",
    ]);
  });
});

describe("parseFeedText: a long feed", () => {
  // A whole archive, in no order: item i dated i hours after the first, shuffled, and undated
  // items among them.
  const HOURS = 1_500;
  const dates = Array.from({ length: HOURS }, (_, hour) => hour).sort(
    (a, b) => ((a * 7919) % HOURS) - ((b * 7919) % HOURS),
  );
  const archive = rss(
    dates
      .map((hour, index) =>
        index % 50 === 0
          ? item(`Undated ${index}`)
          : item(
              `Hour ${hour}`,
              `<pubDate>${new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000).toUTCString()}</pubDate>`,
            ),
      )
      .join(""),
  );

  it("reads its newest items only, in the feed's own order", () => {
    const articles = parseFeedText(archive, FEED_URL);
    expect(articles).toHaveLength(FEED_ITEMS_READ);
    const dated = dates.filter((_, index) => index % 50 !== 0);
    const newest = [...dated].sort((a, b) => b - a).slice(0, FEED_ITEMS_READ);
    expect(articles.map((article) => article.title)).toEqual(
      dated.filter((hour) => newest.includes(hour)).map((hour) => `Hour ${hour}`),
    );
    // The section's own cut is unchanged: its newest items.
    expect(mergeArticles([articles]).map((article) => article.title)).toEqual(
      newest.slice(0, 15).map((hour) => `Hour ${hour}`),
    );
  });

  it("keeps undated items when there are not enough dated ones", () => {
    const few = rss(
      Array.from({ length: FEED_ITEMS_READ + 20 }, (_, index) =>
        index < 10
          ? item(`Dated ${index}`, `<pubDate>Wed, 04 Jun 2025 ${10 + index}:00:00 GMT</pubDate>`)
          : item(`Undated ${index}`),
      ).join(""),
    );
    const titles = parseFeedText(few, FEED_URL).map((article) => article.title);
    expect(titles).toHaveLength(FEED_ITEMS_READ);
    expect(titles.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, i) => `Dated ${i}`));
    expect(titles.at(-1)).toBe(`Undated ${FEED_ITEMS_READ - 1}`);
  });
});

describe("parseFeedBytes / decodeFeedBytes: character sets", () => {
  function latin1Bytes(text: string): Buffer {
    return Buffer.from(text, "latin1");
  }

  it("decodes an ISO-8859-1 feed declared in the XML declaration", () => {
    const xml = rss(item("Caf\u00e9 r\u00e9opens")).replace(
      'encoding="UTF-8"',
      'encoding="ISO-8859-1"',
    );
    const bytes = latin1Bytes(xml);
    expect(bytes.includes(0xe9)).toBe(true);
    const [article] = nonEmpty(parseFeedBytes(bytes, FEED_URL));
    expect(article.title).toBe("Café réopens");
  });

  // Node 20.18.3+ TextDecoder maps 0x80-0x9F to C1 controls for these labels (nodejs/node#56542);
  // decodeFeedBytes decodes them by the windows-1252 table instead.
  it("decodes a windows-1252 feed's curly quotes", () => {
    const xml = rss(item("\u0093Quoted\u0094 headline")).replace(
      'encoding="UTF-8"',
      'encoding="windows-1252"',
    );
    const bytes = latin1Bytes(xml);
    expect(bytes.includes(0x93)).toBe(true);
    expect(bytes.includes(0x94)).toBe(true);
    const [article] = nonEmpty(parseFeedBytes(bytes, FEED_URL));
    expect(article.title).toBe("\u201cQuoted\u201d headline");
  });

  it("uses the HTTP charset when the XML declaration has none", () => {
    const xml = rss(item("Caf\u00e9")).replace(' encoding="UTF-8"', "");
    const [article] = nonEmpty(
      parseFeedBytes(latin1Bytes(xml), FEED_URL, "application/rss+xml; charset=ISO-8859-1"),
    );
    expect(article.title).toBe("Café");
  });

  it("prefers the XML declaration over the HTTP charset", () => {
    const xml = rss(item("Caf\u00e9"));
    expect(decodeFeedBytes(Buffer.from(xml, "utf8"), "text/xml; charset=iso-8859-1")).toBe(xml);
  });

  it("defaults to UTF-8 and falls back to UTF-8 for an unknown charset", () => {
    expect(decodeFeedBytes(Buffer.from("<x>é</x>", "utf8"))).toBe("<x>é</x>");
    expect(
      decodeFeedBytes(Buffer.from('<?xml version="1.0" encoding="x-bogus-9"?><x>é</x>', "utf8")),
    ).toBe('<?xml version="1.0" encoding="x-bogus-9"?><x>é</x>');
  });

  it("honours UTF-16 byte-order marks", () => {
    const text = "<x>é</x>";
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    expect(decodeFeedBytes(le)).toBe(text);
    const be = Buffer.from(le.subarray(2)).swap16();
    expect(decodeFeedBytes(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toBe(text);
  });
});

describe("parseFeedText: hostile input", () => {
  it("does not expand a billion-laughs entity bomb", () => {
    const levels = Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
    ).join("\n  ");
    const bomb = `<?xml version="1.0"?>
<!DOCTYPE rss [
  <!ENTITY lol0 "lol">
  ${levels}
  <!ENTITY marker "ENTITY-WAS-EXPANDED">
]>
<rss version="2.0"><channel><title>Bomb</title><link>https://evil.example/</link>
  <item><title>Laughs &lol9; &lol0; &marker;</title><link>https://evil.example/1</link><description>&lol9;&lol9;&marker;</description></item>
</channel></rss>`;
    let result: unknown;
    try {
      result = parseFeedText(bomb, FEED_URL);
    } catch (error) {
      // Refusing the document outright is also acceptable.
      expect(error).toBeInstanceOf(FeedParseError);
      result = [];
    }
    const json = JSON.stringify(result);
    expect(json).not.toContain("lollol");
    expect(json).not.toContain("Laughs lol");
    expect(json).not.toContain("ENTITY-WAS-EXPANDED");
    expect(json.length).toBeLessThan(2_000);
  });

  it("strips the DOCTYPE and entity declarations before parsing", () => {
    const cleaned = sanitiseFeedXml(
      '<!DOCTYPE rss [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;">]><rss>&b;</rss>',
    );
    expect(cleaned).not.toMatch(/DOCTYPE|ENTITY/);
    expect(cleaned).toBe("<rss>&amp;b;</rss>");
  });

  it("does not resolve external entities", () => {
    const xxe = `<?xml version="1.0"?>
<!DOCTYPE rss [
  <!ENTITY xxe SYSTEM "file:///etc/passwd">
  <!ENTITY xxe2 SYSTEM "file:///etc/hostname">
]>
<rss version="2.0"><channel><title>XXE</title><link>https://evil.example/</link>
  <item><title>Leak &xxe;</title><link>https://evil.example/1</link><description>&xxe; &xxe2;</description></item>
</channel></rss>`;
    let result: unknown;
    try {
      result = parseFeedText(xxe, FEED_URL);
    } catch (error) {
      expect(error).toBeInstanceOf(FeedParseError);
      result = [];
    }
    const json = JSON.stringify(result);
    expect(json).not.toContain("root:");
    expect(json).not.toContain("/bin/");
  });

  it("throws FeedParseError for an HTML page", () => {
    const html = `<!DOCTYPE html>
<html lang="en"><head><title>Welcome</title></head>
<body><h1>Not a feed</h1><p>Hello <a href="/rss">RSS</a></p></body></html>`;
    expect(() => parseFeedText(html, FEED_URL)).toThrow(FeedParseError);
  });

  it.each([
    ["plain text", "Service temporarily unavailable"],
    ["JSON", '{"status":"ok","items":[]}'],
    ["an empty string", ""],
    ["whitespace only", "   \n  "],
    ["an XML document that is not a feed", '<?xml version="1.0"?><note><to>You</to></note>'],
  ])("throws FeedParseError for %s", (_label, body) => {
    expect(() => parseFeedText(body, FEED_URL)).toThrow(FeedParseError);
  });

  it("throws FeedParseError for non-feed bytes", () => {
    expect(() => parseFeedBytes(Buffer.from("<html><body>nope</body></html>"), FEED_URL)).toThrow(
      FeedParseError,
    );
    expect(() => parseFeedBytes(new Uint8Array(), FEED_URL)).toThrow(FeedParseError);
  });
});

describe("sanitiseFeedXml on hostile input", () => {
  it("strips a megabyte of unterminated DOCTYPEs and ENTITY declarations in one pass", () => {
    // With a backtracking pattern this input took minutes; a regression shows as a jest timeout.
    const hostile = "<!DOCTYPE x [".repeat(40_000) + "<!ENTITY ".repeat(40_000);
    const out = sanitiseFeedXml(`<rss>${hostile}</rss>`);
    expect(out.startsWith("<rss>")).toBe(true);
    expect(out).not.toContain("<!DOCTYPE x [<!DOCTYPE");
  });
});
