import { jsonServiceUrl, parseJsonServiceResponse } from "./json-service";
import { FeedParseError } from "./parse-feed";
import { DEFAULT_IMAGE_URL } from "../types";

/** The list, known to have at least one element (fails the test otherwise). */
function nonEmpty<T>(list: T[]): [T, ...T[]] {
  if (list.length === 0) throw new Error("expected at least one article");
  return list as [T, ...T[]];
}

/** The list, known to have at least `count` elements (fails the test otherwise). */
function atLeast<T>(count: 2, list: T[]): [T, T, ...T[]] {
  if (list.length < count)
    throw new Error(`expected at least ${count} articles, got ${list.length}`);
  return list as [T, T, ...T[]];
}

const FEED_URL = "https://rss.example.com/news/top.xml";

describe("jsonServiceUrl", () => {
  it("adds the feed address as an encoded rss_url parameter", () => {
    const feed = "https://rss.example.com/feed.xml?section=a&b=c d#frag";
    const url = jsonServiceUrl(new URL("https://api.rss2json.com/v1/api.json"), feed);
    expect(url).toBe(
      "https://api.rss2json.com/v1/api.json?rss_url=https%3A%2F%2Frss.example.com%2Ffeed.xml%3Fsection%3Da%26b%3Dc+d%23frag",
    );
    expect(new URL(url).searchParams.get("rss_url")).toBe(feed);
  });

  it("keeps the service's own parameters and replaces an existing rss_url", () => {
    const service = new URL("https://json.example.org/convert?api_key=k1&rss_url=old");
    const url = new URL(jsonServiceUrl(service, FEED_URL));
    expect(url.searchParams.get("api_key")).toBe("k1");
    expect(url.searchParams.getAll("rss_url")).toEqual([FEED_URL]);
    // The service URL object passed in is not modified.
    expect(service.searchParams.get("rss_url")).toBe("old");
  });
});

describe("parseJsonServiceResponse", () => {
  const body = JSON.stringify({
    status: "ok",
    feed: { url: FEED_URL, title: "Top" },
    items: [
      {
        title: "Mayor &amp; council <b>agree</b>",
        pubDate: "2025-11-21 14:05:00",
        link: "https://rss.example.com/story/1",
        description: "<p>The budget&nbsp;passed.</p>",
        thumbnail: "https://img.example.com/1.jpg",
        enclosure: { link: "https://img.example.com/1-large.jpg", type: "image/jpeg" },
      },
      {
        title: "Enclosure only",
        pubDate: "2025-11-20 09:00:00",
        link: "/story/2",
        content: "<p>From content</p>",
        thumbnail: "",
        enclosure: { link: "https://img.example.com/2.jpg" },
      },
      {
        title: "No images",
        pubDate: "",
        link: "https://rss.example.com/story/3",
        description: "Plain",
        thumbnail: "",
        enclosure: {},
      },
      { title: "Bad link", link: "javascript:alert(1)", pubDate: "2025-11-20 09:00:00" },
      { title: "", link: "https://rss.example.com/story/5" },
      "not an object",
      null,
      { title: 42, link: "https://rss.example.com/story/6" },
    ],
  });

  const articles = parseJsonServiceResponse(body, FEED_URL);

  it("turns ok items into FeedArticles and drops unusable ones", () => {
    expect(articles).toEqual([
      {
        title: "Mayor & council agree",
        description: "The budget passed.",
        link: "https://rss.example.com/story/1",
        pubDate: "2025-11-21T14:05:00.000Z",
        imageUrl: "https://img.example.com/1.jpg",
      },
      {
        title: "Enclosure only",
        description: "From content",
        link: "https://rss.example.com/story/2",
        pubDate: "2025-11-20T09:00:00.000Z",
        imageUrl: "https://img.example.com/2.jpg",
      },
      {
        title: "No images",
        description: "Plain",
        link: "https://rss.example.com/story/3",
        pubDate: null,
        imageUrl: DEFAULT_IMAGE_URL,
      },
    ]);
  });

  it("treats the service's space-separated pubDate as UTC even on a server in another time zone", () => {
    // The test machine may run in UTC, where a naive "2025-11-21 14:05:00" parses the same either
    // way. Simulate a server in America/Chicago (UTC-6 in November): date-time strings without a
    // zone parse as local time, as V8 does. Strings with a zone are unaffected.
    const RealDate = Date;
    class ChicagoDate extends RealDate {
      constructor(...args: unknown[]) {
        const naive =
          args.length === 1 && typeof args[0] === "string"
            ? /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d(?::\d\d(?:\.\d+)?)?)$/.exec(args[0])
            : null;
        if (naive) super(`${naive[1]}T${naive[2]}-06:00`);
        else super(...(args as []));
      }
    }
    expect(new ChicagoDate("2025-11-21 14:05:00").toISOString()).toBe("2025-11-21T20:05:00.000Z");
    global.Date = ChicagoDate as DateConstructor;
    try {
      const [article] = nonEmpty(
        parseJsonServiceResponse(
          JSON.stringify({
            status: "ok",
            items: [{ title: "T", link: "https://a.example/1", pubDate: "2025-11-21 14:05:00" }],
          }),
          FEED_URL,
        ),
      );
      expect(article.pubDate).toBe("2025-11-21T14:05:00.000Z");
    } finally {
      global.Date = RealDate;
    }
  });

  it("keeps ISO and RFC 822 pubDates as given", () => {
    const [iso, rfc] = atLeast(
      2,
      parseJsonServiceResponse(
        JSON.stringify({
          status: "ok",
          items: [
            { title: "ISO", link: "https://a.example/1", pubDate: "2025-11-21T14:05:00+01:00" },
            { title: "RFC", link: "https://a.example/2", pubDate: "Fri, 21 Nov 2025 14:05:00 GMT" },
          ],
        }),
        FEED_URL,
      ),
    );
    expect(iso.pubDate).toBe("2025-11-21T13:05:00.000Z");
    expect(rfc.pubDate).toBe("2025-11-21T14:05:00.000Z");
  });

  it("falls back to the enclosure when the thumbnail is not http(s)", () => {
    const [article] = nonEmpty(
      parseJsonServiceResponse(
        JSON.stringify({
          status: "ok",
          items: [
            {
              title: "T",
              link: "https://a.example/1",
              thumbnail: "javascript:alert(1)",
              enclosure: { link: "https://img.example.com/e.jpg" },
            },
          ],
        }),
        FEED_URL,
      ),
    );
    expect(article.imageUrl).toBe("https://img.example.com/e.jpg");
  });

  it("returns an empty list for an ok answer with no items", () => {
    expect(parseJsonServiceResponse('{"status":"ok","items":[]}', FEED_URL)).toEqual([]);
  });

  it.each([
    ['{"status":"error","message":"Cannot download this RSS feed"}'],
    ['{"status":"OK","items":[]}'],
    ['{"items":[{"title":"t","link":"https://a.example/"}]}'],
    ["null"],
    ['"ok"'],
    ["[]"],
  ])("throws FeedParseError when the status is not ok: %s", (answer) => {
    expect(() => parseJsonServiceResponse(answer, FEED_URL)).toThrow(FeedParseError);
    expect(() => parseJsonServiceResponse(answer, FEED_URL)).toThrow(/status is not "ok"/);
  });

  it("throws FeedParseError when ok but items is missing or not a list", () => {
    expect(() => parseJsonServiceResponse('{"status":"ok"}', FEED_URL)).toThrow(FeedParseError);
    expect(() => parseJsonServiceResponse('{"status":"ok","items":{}}', FEED_URL)).toThrow(
      /no items/,
    );
  });

  it.each([[""], ["<html>Bad gateway</html>"], ["{status: ok}"], ['{"status":"ok","items":[']])(
    "throws FeedParseError for non-JSON %p",
    (answer) => {
      expect(() => parseJsonServiceResponse(answer, FEED_URL)).toThrow(FeedParseError);
      expect(() => parseJsonServiceResponse(answer, FEED_URL)).toThrow(/not JSON/);
    },
  );
});
