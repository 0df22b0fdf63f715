import { absoluteHttpUrl, linkKey, mergeArticles, normaliseArticle } from "./normalise";
import { DEFAULT_IMAGE_URL, type FeedArticle } from "../types";

const BASE = "https://news.example.com/feeds/top.xml";

describe("absoluteHttpUrl", () => {
  it("keeps absolute http and https URLs", () => {
    expect(absoluteHttpUrl("https://a.example/x?y=1")).toBe("https://a.example/x?y=1");
    expect(absoluteHttpUrl("http://a.example/")).toBe("http://a.example/");
    expect(absoluteHttpUrl("  https://a.example/padded  ")).toBe("https://a.example/padded");
  });

  it("resolves relative URLs against the base", () => {
    expect(absoluteHttpUrl("/story/1", BASE)).toBe("https://news.example.com/story/1");
    expect(absoluteHttpUrl("story/2", BASE)).toBe("https://news.example.com/feeds/story/2");
    expect(absoluteHttpUrl("//cdn.example.net/p.jpg", BASE)).toBe("https://cdn.example.net/p.jpg");
  });

  it("returns null for relative URLs without a base, and for empty input", () => {
    expect(absoluteHttpUrl("/story/1")).toBeNull();
    expect(absoluteHttpUrl("")).toBeNull();
    expect(absoluteHttpUrl(null)).toBeNull();
    expect(absoluteHttpUrl(undefined)).toBeNull();
  });

  it("refuses non-http(s) schemes, even with a base", () => {
    for (const value of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "mailto:editor@example.com",
      "ftp://files.example.com/a",
      "file:///etc/passwd",
    ]) {
      expect(absoluteHttpUrl(value, BASE)).toBeNull();
    }
  });

  it("refuses URLs carrying credentials", () => {
    expect(absoluteHttpUrl("https://user:pass@example.com/")).toBeNull();
    expect(absoluteHttpUrl("https://user@example.com/")).toBeNull();
  });
});

describe("normaliseArticle", () => {
  const raw = {
    title: "<b>Council</b> approves &amp; funds bridge",
    description:
      "<p>The <a href='/x'>council</a> voted&nbsp;7&ndash;2.</p><script>track()</script>",
    link: "https://news.example.com/story/bridge",
    date: "2024-05-01T12:30:00Z",
    thumbnail: "https://img.example.com/bridge.jpg",
    enclosure: "https://img.example.com/enclosure.jpg",
  };

  it("produces a clean FeedArticle", () => {
    expect(normaliseArticle(raw, BASE)).toEqual({
      title: "Council approves & funds bridge",
      description: "The council voted 7\u20132.",
      link: "https://news.example.com/story/bridge",
      pubDate: "2024-05-01T12:30:00.000Z",
      imageUrl: "https://img.example.com/bridge.jpg",
    });
  });

  it("resolves a relative link against the base", () => {
    expect(normaliseArticle({ ...raw, link: "/story/relative" }, BASE)?.link).toBe(
      "https://news.example.com/story/relative",
    );
  });

  it.each([
    "javascript:alert(document.cookie)",
    "data:text/html;base64,PHNjcmlwdD4=",
    "mailto:tips@example.com",
    "",
    null,
  ])("drops an item whose link is %p", (link) => {
    expect(normaliseArticle({ ...raw, link }, BASE)).toBeNull();
  });

  it("drops an item with a relative link and no base", () => {
    expect(normaliseArticle({ ...raw, link: "/story/1" })).toBeNull();
  });

  it.each([undefined, null, "", "   ", "<b></b>", "<script>x()</script>"])(
    "drops an item whose title is %p",
    (title) => {
      expect(normaliseArticle({ ...raw, title }, BASE)).toBeNull();
    },
  );

  it("gives an empty description when there is none", () => {
    expect(normaliseArticle({ ...raw, description: undefined }, BASE)?.description).toBe("");
  });

  it("truncates a long description to what a card shows (220 characters) with an ellipsis", () => {
    const description = Array.from({ length: 200 }, (_, i) => `word${i}`).join(" ");
    const result = normaliseArticle({ ...raw, description }, BASE)!.description;
    expect(result.length).toBeLessThanOrEqual(220);
    expect(result.length).toBeGreaterThan(150);
    expect(result.endsWith("…")).toBe(true);
    expect(description.startsWith(result.slice(0, -1))).toBe(true);
  });

  describe("pubDate", () => {
    it("accepts Date objects and date strings, giving ISO 8601", () => {
      expect(
        normaliseArticle({ ...raw, date: new Date(Date.UTC(2023, 0, 2, 3, 4, 5)) })?.pubDate,
      ).toBe("2023-01-02T03:04:05.000Z");
      expect(normaliseArticle({ ...raw, date: "Tue, 10 Jun 2025 04:00:00 GMT" })?.pubDate).toBe(
        "2025-06-10T04:00:00.000Z",
      );
      expect(normaliseArticle({ ...raw, date: "2025-06-10T06:00:00+02:00" })?.pubDate).toBe(
        "2025-06-10T04:00:00.000Z",
      );
    });

    it.each([undefined, null, "", "not a date", "yesterday-ish", "2024-13-45"])(
      "is null for %p",
      (date) => {
        expect(normaliseArticle({ ...raw, date }, BASE)?.pubDate).toBeNull();
      },
    );

    it("is null for an invalid Date object", () => {
      expect(normaliseArticle({ ...raw, date: new Date(NaN) }, BASE)?.pubDate).toBeNull();
    });

    it("is null for far-future and pre-1990 dates", () => {
      expect(normaliseArticle({ ...raw, date: "2999-01-01T00:00:00Z" }, BASE)?.pubDate).toBeNull();
      expect(
        normaliseArticle({ ...raw, date: new Date(Date.now() + 3 * 86_400_000) }, BASE)?.pubDate,
      ).toBeNull();
      expect(normaliseArticle({ ...raw, date: "1970-01-01T00:00:00Z" }, BASE)?.pubDate).toBeNull();
    });

    it("tolerates a date slightly in the future (clock skew)", () => {
      const soon = new Date(Date.now() + 60 * 60 * 1000);
      expect(normaliseArticle({ ...raw, date: soon }, BASE)?.pubDate).toBe(soon.toISOString());
    });
  });

  describe("imageUrl", () => {
    it("prefers the thumbnail", () => {
      expect(normaliseArticle(raw, BASE)?.imageUrl).toBe("https://img.example.com/bridge.jpg");
    });

    it("falls back to the enclosure", () => {
      expect(normaliseArticle({ ...raw, thumbnail: null }, BASE)?.imageUrl).toBe(
        "https://img.example.com/enclosure.jpg",
      );
    });

    it("falls back to the default image", () => {
      expect(DEFAULT_IMAGE_URL).toBe("/images/default-news.svg");
      expect(normaliseArticle({ ...raw, thumbnail: null, enclosure: null }, BASE)?.imageUrl).toBe(
        DEFAULT_IMAGE_URL,
      );
      expect(
        normaliseArticle({ ...raw, thumbnail: undefined, enclosure: undefined }, BASE)?.imageUrl,
      ).toBe("/images/default-news.svg");
    });

    it("skips a non-http thumbnail and uses the enclosure", () => {
      expect(normaliseArticle({ ...raw, thumbnail: "javascript:alert(1)" }, BASE)?.imageUrl).toBe(
        "https://img.example.com/enclosure.jpg",
      );
      expect(
        normaliseArticle({ ...raw, thumbnail: "data:image/png;base64,AAAA" }, BASE)?.imageUrl,
      ).toBe("https://img.example.com/enclosure.jpg");
    });

    it("skips non-http thumbnail and enclosure and uses the default", () => {
      expect(
        normaliseArticle(
          { ...raw, thumbnail: "ftp://x.example/a.jpg", enclosure: "data:image/gif;base64,R0lGOD" },
          BASE,
        )?.imageUrl,
      ).toBe(DEFAULT_IMAGE_URL);
    });

    it("resolves a relative thumbnail against the base", () => {
      expect(normaliseArticle({ ...raw, thumbnail: "/img/a.jpg" }, BASE)?.imageUrl).toBe(
        "https://news.example.com/img/a.jpg",
      );
    });
  });
});

describe("linkKey", () => {
  it("ignores scheme, www., trailing slash, fragment and utm_* parameters", () => {
    const key = linkKey("https://example.com/a/b");
    expect(linkKey("http://example.com/a/b")).toBe(key);
    expect(linkKey("https://www.example.com/a/b")).toBe(key);
    expect(linkKey("https://example.com/a/b/")).toBe(key);
    expect(linkKey("https://example.com/a/b#comments")).toBe(key);
    expect(linkKey("https://example.com/a/b?utm_source=rss&utm_medium=feed&UTM_Campaign=x")).toBe(
      key,
    );
  });

  it("keeps other query parameters, path differences and ports", () => {
    expect(linkKey("https://example.com/a/b?id=1")).not.toBe(
      linkKey("https://example.com/a/b?id=2"),
    );
    expect(linkKey("https://example.com/a/b?id=1&utm_source=x")).toBe(
      linkKey("https://example.com/a/b?id=1"),
    );
    expect(linkKey("https://example.com/a/b?id=1")).not.toBe(linkKey("https://example.com/a/b"));
    expect(linkKey("https://example.com/a/c")).not.toBe(linkKey("https://example.com/a/b"));
    expect(linkKey("https://example.com:8443/a")).not.toBe(linkKey("https://example.com/a"));
    expect(linkKey("https://other.com/a/b")).not.toBe(linkKey("https://example.com/a/b"));
  });
});

describe("mergeArticles", () => {
  let counter = 0;
  function article(overrides: Partial<FeedArticle> = {}): FeedArticle {
    counter += 1;
    return {
      title: `Story number ${counter}`,
      description: "",
      link: `https://example.com/story/${counter}`,
      pubDate: "2024-01-01T00:00:00.000Z",
      imageUrl: DEFAULT_IMAGE_URL,
      ...overrides,
    };
  }

  it("de-duplicates the same link across scheme, www., trailing slash and utm_* parameters; first wins", () => {
    const first = article({ link: "https://www.example.com/news/1", title: "First version" });
    const dupes = [
      article({ link: "http://example.com/news/1/", title: "Second version" }),
      article({
        link: "https://example.com/news/1?utm_source=rss&utm_campaign=x",
        title: "Third version",
      }),
    ];
    const merged = mergeArticles([[first], dupes]);
    expect(merged).toEqual([first]);
  });

  it("keeps links that differ in a non-utm parameter", () => {
    const a = article({ link: "https://example.com/read?id=1" });
    const b = article({ link: "https://example.com/read?id=2" });
    expect(mergeArticles([[a, b]])).toEqual([a, b]);
  });

  it("keeps items that share a title under different links: a plain title is no sameness (stories group the rest)", () => {
    const a = article({ title: "Police Log", link: "https://one.example/a" });
    const b = article({ title: "POLICE LOG", link: "https://two.example/b" });
    const c = article({ title: "Police log.", link: "https://one.example/c" });
    expect(mergeArticles([[a], [b, c]])).toEqual([a, b, c]);
  });

  it("sorts newest first, undated last, equal dates in input order", () => {
    const undated1 = article({ pubDate: null });
    const old = article({ pubDate: "2023-03-01T00:00:00.000Z" });
    const newest = article({ pubDate: "2024-06-01T12:00:00.000Z" });
    const tieA = article({ pubDate: "2024-01-15T00:00:00.000Z" });
    const undated2 = article({ pubDate: null });
    const tieB = article({ pubDate: "2024-01-15T00:00:00.000Z" });
    const tieC = article({ pubDate: "2024-01-15T00:00:00.000Z" });
    const merged = mergeArticles([
      [undated1, old, newest, tieA],
      [undated2, tieB, tieC],
    ]);
    expect(merged).toEqual([newest, tieA, tieB, tieC, old, undated1, undated2]);
  });

  it("caps the result at 15 by default, keeping the newest", () => {
    const list = Array.from({ length: 20 }, (_, i) =>
      article({ pubDate: new Date(Date.UTC(2024, 0, 1 + i)).toISOString() }),
    );
    const merged = mergeArticles([list]);
    expect(merged).toHaveLength(15);
    expect(merged[0]).toBe(list[19]);
    expect(merged[14]).toBe(list[5]);
  });

  it("honours a custom cap", () => {
    const list = Array.from({ length: 10 }, () => article());
    expect(mergeArticles([list], 3)).toEqual(list.slice(0, 3));
    expect(mergeArticles([list], 50)).toHaveLength(10);
  });

  it("applies the cap after de-duplication", () => {
    const list = Array.from({ length: 5 }, () => article());
    const dupes = list.map((a) => ({ ...a, title: `${a.title} copy`, link: `${a.link}/` }));
    expect(mergeArticles([dupes, list], 5)).toEqual(dupes);
  });

  it("returns an empty list for no input", () => {
    expect(mergeArticles([])).toEqual([]);
    expect(mergeArticles([[], []])).toEqual([]);
  });
});
