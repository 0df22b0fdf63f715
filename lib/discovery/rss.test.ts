import { renderRss, rfc822, type RssChannel, type RssItem } from "./rss";
import {
  assertWellFormed,
  count,
  descendants,
  parseXml,
  select,
  text,
} from "@/test-support/strict-xml";

const channel: RssChannel = {
  title: "The Riverbend Chronicle",
  link: "https://news.example.com/",
  selfUrl: "https://news.example.com/rss",
  description: "Local news & more",
  language: "en-US",
  imageUrl: "https://news.example.com/images/logo.png",
};

function item(overrides: Partial<RssItem> = {}): RssItem {
  return {
    title: "A post",
    link: "https://news.example.com/blog/a-post",
    guid: "https://news.example.com/blog/a-post",
    date: "2026-06-03",
    description: "About a post",
    contentHtml: "<p>Body</p>",
    imageUrl: null,
    categories: [],
    ...overrides,
  };
}

const NOW = new Date("2026-07-01T12:00:00Z");

describe("rfc822", () => {
  it.each([
    ["a date-only string, as midnight UTC", "2026-06-03", "Wed, 03 Jun 2026 00:00:00 GMT"],
    ["a UTC date-time", "2026-06-03T14:05:09Z", "Wed, 03 Jun 2026 14:05:09 GMT"],
    ["a date-time with milliseconds", "2026-06-03T14:05:09.999Z", "Wed, 03 Jun 2026 14:05:09 GMT"],
    ["a date-time with an offset", "2026-06-03T01:30:00+02:00", "Tue, 02 Jun 2026 23:30:00 GMT"],
    ["a leap day", "2028-02-29", "Tue, 29 Feb 2028 00:00:00 GMT"],
  ])("formats %s", (_what, value, expected) => {
    expect(rfc822(value)).toBe(expected);
  });

  it.each([["not a date"], [""], ["2026-06-03T25:00:00Z"]])(
    "gives the epoch for the invalid %j",
    (value) => {
      expect(rfc822(value)).toBe("Thu, 01 Jan 1970 00:00:00 GMT");
    },
  );
});

describe("renderRss", () => {
  it("renders a well-formed RSS 2.0 document with its namespaces", () => {
    const xml = renderRss(channel, [item()], NOW);
    assertWellFormed(xml);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml).toContain('xmlns:atom="http://www.w3.org/2005/Atom"');
    expect(xml).toContain('xmlns:content="http://purl.org/rss/1.0/modules/content/"');
    expect(xml).toContain('xmlns:media="http://search.yahoo.com/mrss/"');
  });

  it("describes the channel", () => {
    const xml = renderRss(channel, [item()], NOW);
    const doc = parseXml(xml);
    expect(text(doc, "/rss/channel/title")).toBe("The Riverbend Chronicle");
    expect(text(doc, "/rss/channel/link")).toBe("https://news.example.com/");
    expect(text(doc, "/rss/channel/description")).toBe("Local news & more");
    expect(xml).toContain("  <description>Local news &amp; more</description>");
    expect(text(doc, "/rss/channel/language")).toBe("en-US");
    expect(xml).toContain(
      '  <atom:link href="https://news.example.com/rss" rel="self" type="application/rss+xml"/>',
    );
    expect(text(doc, "/rss/channel/image/url")).toBe("https://news.example.com/images/logo.png");
    expect(text(doc, "/rss/channel/image/link")).toBe("https://news.example.com/");
  });

  it("takes lastBuildDate from the newest item, whatever the order", () => {
    const xml = renderRss(
      channel,
      [
        item({ date: "2026-05-01" }),
        item({ date: "2026-06-03T09:15:00Z" }),
        item({ date: "2026-06-02" }),
      ],
      NOW,
    );
    const doc = parseXml(xml);
    expect(text(doc, "/rss/channel/lastBuildDate")).toBe("Wed, 03 Jun 2026 09:15:00 GMT");
  });

  it("takes lastBuildDate from `now` when there are no items", () => {
    const xml = renderRss(channel, [], NOW);
    assertWellFormed(xml);
    const doc = parseXml(xml);
    expect(text(doc, "/rss/channel/lastBuildDate")).toBe("Wed, 01 Jul 2026 12:00:00 GMT");
    expect(count(doc, "/rss/channel/item")).toBe(0);
  });

  // Regression (fixed): the reduce keeps an unparseable first date as "newest" (NaN never compares greater),
  // so one bad date on the first item makes lastBuildDate 1970 although later items are valid.
  it("ignores an invalid date when choosing lastBuildDate", () => {
    const xml = renderRss(channel, [item({ date: "garbage" }), item({ date: "2026-06-03" })], NOW);
    const doc = parseXml(xml);
    expect(text(doc, "/rss/channel/lastBuildDate")).toBe("Wed, 03 Jun 2026 00:00:00 GMT");
  });

  it("renders each item's fields", () => {
    const xml = renderRss(
      channel,
      [
        item({
          title: "Council votes",
          link: "https://news.example.com/local/council?id=1&ref=rss",
          guid: "https://news.example.com/local/council",
          date: "2026-06-03T08:00:00Z",
          description: "Budget <approved> & signed",
          categories: ["Local", "Politics & Government"],
        }),
      ],
      NOW,
    );
    assertWellFormed(xml);
    const doc = parseXml(xml);
    expect(text(doc, "/rss/channel/item/title")).toBe("Council votes");
    expect(text(doc, "/rss/channel/item/link")).toBe(
      "https://news.example.com/local/council?id=1&ref=rss",
    );
    expect(xml).toContain(
      "    <link>https://news.example.com/local/council?id=1&amp;ref=rss</link>",
    );
    expect(xml).toContain(
      '    <guid isPermaLink="true">https://news.example.com/local/council</guid>',
    );
    expect(text(doc, "/rss/channel/item/pubDate")).toBe("Wed, 03 Jun 2026 08:00:00 GMT");
    expect(xml).toContain("    <description>Budget &lt;approved&gt; &amp; signed</description>");
    expect(text(doc, "/rss/channel/item/description")).toBe("Budget <approved> & signed");
    expect(count(doc, "/rss/channel/item/category")).toBe(2);
    expect(text(doc, "/rss/channel/item/category[2]")).toBe("Politics & Government");
  });

  it("keeps items in the order given", () => {
    const xml = renderRss(
      channel,
      [item({ title: "First", date: "2026-01-01" }), item({ title: "Second", date: "2026-06-01" })],
      NOW,
    );
    const doc = parseXml(xml);
    expect(text(doc, "/rss/channel/item[1]/title")).toBe("First");
    expect(text(doc, "/rss/channel/item[2]/title")).toBe("Second");
  });

  it("adds media:content only for an item with an image", () => {
    const xml = renderRss(
      channel,
      [
        item({ title: "With", imageUrl: "https://img.example.com/a.jpg?w=600&h=400" }),
        item({ title: "Without", imageUrl: null }),
      ],
      NOW,
    );
    assertWellFormed(xml);
    const doc = parseXml(xml);
    expect(xml).toContain(
      '    <media:content url="https://img.example.com/a.jpg?w=600&amp;h=400" medium="image"/>',
    );
    expect(xml.match(/<media:content /g)).toHaveLength(1);
    expect(count(doc, "/rss/channel/item[2]/*:content")).toBe(0);
    expect(select(doc, "/rss/channel/item[1]/*:content")[0]?.attributes.url).toBe(
      "https://img.example.com/a.jpg?w=600&h=400",
    );
  });

  it("gives no category elements for an item without categories", () => {
    expect(renderRss(channel, [item({ categories: [] })], NOW)).not.toContain("<category>");
  });

  it("carries the HTML in content:encoded as CDATA, unescaped", () => {
    const html = '<p>Hello <a href="https://a.example/?x=1&y=2">link</a></p>';
    const xml = renderRss(channel, [item({ contentHtml: html })], NOW);
    const doc = parseXml(xml);
    expect(xml).toContain(`    <content:encoded><![CDATA[${html}]]></content:encoded>`);
    expect(descendants(doc, "*:encoded")[0]?.text).toBe(html);
  });

  it("keeps the document well-formed when the HTML contains ]]>", () => {
    const html = "<pre>if (a[b[0]]>1) {}</pre><p>]]></p><title>x</title>]]>";
    const xml = renderRss(channel, [item({ contentHtml: html })], NOW);
    assertWellFormed(xml);
    const doc = parseXml(xml);
    expect(descendants(doc, "*:encoded")[0]?.text).toBe(html);
    expect(count(doc, "/rss/channel/item")).toBe(1);
    expect(descendants(doc, "title").length).toBe(3);
  });

  it("escapes markup in titles rather than letting it through", () => {
    const xml = renderRss(
      { ...channel, title: "Chronicle <script>alert(1)</script>" },
      [item({ title: `<script>alert("x")</script> & 'quotes'` })],
      NOW,
    );
    assertWellFormed(xml);
    const doc = parseXml(xml);
    expect(xml).not.toContain("<script>");
    expect(xml).toContain(
      "    <title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;quotes&apos;</title>",
    );
    expect(text(doc, "/rss/channel/item/title")).toBe(`<script>alert("x")</script> & 'quotes'`);
    expect(text(doc, "/rss/channel/title")).toBe("Chronicle <script>alert(1)</script>");
    expect(descendants(doc, "script").length).toBe(0);
  });

  it("stays well-formed with control characters in text fields", () => {
    const xml = renderRss(
      channel,
      [item({ title: "Bad\u0000title\u0008", description: "a\u001fb", categories: ["c\u000b"] })],
      NOW,
    );
    assertWellFormed(xml);
    const doc = parseXml(xml);
    expect(text(doc, "/rss/channel/item/title")).toBe("Badtitle");
  });

  it("stays well-formed with an attribute-breaking self URL", () => {
    const xml = renderRss({ ...channel, selfUrl: 'https://a.example/rss?"x"=<1>&y' }, [], NOW);
    assertWellFormed(xml);
    const doc = parseXml(xml);
    expect(
      descendants(doc, "*:link").find((link) => link.attributes.rel === "self")?.attributes.href,
    ).toBe('https://a.example/rss?"x"=<1>&y');
  });
});
