import {
  pagePartCount,
  renderSitemapIndex,
  renderUrlset,
  sitemapPart,
  type SitemapEntry,
} from "./sitemap-xml";
import { assertWellFormed } from "@/test-support/strict-xml";

/** The <loc> values of a urlset or sitemap index, in order (read with a regex, not the code). */
function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1] ?? "");
}

const seven: SitemapEntry[] = Array.from({ length: 7 }, (_, i) => ({
  url: `https://news.example.com/p${i + 1}`,
}));

describe("renderUrlset", () => {
  it("renders every field of an entry", () => {
    expect(
      renderUrlset([
        {
          url: "https://news.example.com/a",
          lastModified: "2026-06-03",
          changeFrequency: "daily",
          priority: 0.8,
        },
      ]),
    ).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        "  <url>",
        "    <loc>https://news.example.com/a</loc>",
        "    <lastmod>2026-06-03</lastmod>",
        "    <changefreq>daily</changefreq>",
        "    <priority>0.8</priority>",
        "  </url>",
        "</urlset>",
        "",
      ].join("\n"),
    );
  });

  it("renders only <loc> when nothing else is known", () => {
    const xml = renderUrlset([{ url: "https://news.example.com/" }]);
    expect(xml).toContain("  <url>\n    <loc>https://news.example.com/</loc>\n  </url>");
    expect(xml).not.toMatch(/<lastmod>|<changefreq>|<priority>/);
  });

  it("renders an empty, well-formed urlset for no entries", () => {
    const xml = renderUrlset([]);
    assertWellFormed(xml);
    expect(xml).not.toContain("<url>");
    expect(xml).toContain("</urlset>");
  });

  it("escapes & and other markup in the URL", () => {
    const xml = renderUrlset([{ url: "https://news.example.com/search?q=a&page=2&x=<y>" }]);
    expect(locs(xml)).toEqual(["https://news.example.com/search?q=a&amp;page=2&amp;x=&lt;y&gt;"]);
    assertWellFormed(xml);
  });

  it.each([
    ["a date kept as it is", "2026-06-03", "2026-06-03"],
    ["a UTC date-time in ISO form", "2026-06-03T10:20:30Z", "2026-06-03T10:20:30.000Z"],
    [
      "a date-time with an offset normalised to Z",
      "2026-06-03T10:20:30+02:00",
      "2026-06-03T08:20:30.000Z",
    ],
    ["a date-time crossing midnight", "2026-06-03T01:00:00+05:00", "2026-06-02T20:00:00.000Z"],
  ])("gives %s", (_what, lastModified, expected) => {
    const xml = renderUrlset([{ url: "https://news.example.com/a", lastModified }]);
    expect(xml).toContain(`    <lastmod>${expected}</lastmod>\n`);
  });

  it.each([["not a date"], ["2026-06-03T99:00:00Z"], [""]])(
    "omits <lastmod> for %j",
    (lastModified) => {
      const xml = renderUrlset([{ url: "https://news.example.com/a", lastModified }]);
      expect(xml).not.toContain("lastmod");
      assertWellFormed(xml);
    },
  );

  // Regression (fixed): w3cDate passes any dddd-dd-dd through unchecked, so an impossible date reaches the
  // sitemap as <lastmod>2026-13-45</lastmod> instead of being omitted like other invalid dates.
  it.each([["2026-13-45"], ["2026-02-30"]])(
    "omits <lastmod> for the impossible date %s",
    (lastModified) => {
      const xml = renderUrlset([{ url: "https://news.example.com/a", lastModified }]);
      expect(xml).not.toContain("lastmod");
    },
  );

  it.each([
    [1, "1.0"],
    [0, "0.0"],
    [0.5, "0.5"],
    [0.64, "0.6"],
    [0.66, "0.7"],
  ])("renders priority %p with one decimal as %s", (priority, expected) => {
    const xml = renderUrlset([{ url: "https://news.example.com/a", priority }]);
    expect(xml).toContain(`    <priority>${expected}</priority>\n`);
  });

  it("renders each change frequency as given", () => {
    const xml = renderUrlset([
      { url: "https://news.example.com/a", changeFrequency: "hourly" },
      { url: "https://news.example.com/b", changeFrequency: "never" },
    ]);
    expect([...xml.matchAll(/<changefreq>(\w+)<\/changefreq>/g)].map((m) => m[1])).toEqual([
      "hourly",
      "never",
    ]);
  });

  it("keeps entries in order and is well-formed", () => {
    const xml = renderUrlset([
      { url: "https://news.example.com/b?x=1&y=2", lastModified: "2026-01-02T03:04:05Z" },
      { url: "https://news.example.com/a", priority: 0.3, changeFrequency: "weekly" },
    ]);
    assertWellFormed(xml);
    expect(locs(xml)).toEqual([
      "https://news.example.com/b?x=1&amp;y=2",
      "https://news.example.com/a",
    ]);
    expect(xml.match(/<url>/g)).toHaveLength(2);
  });
});

describe("renderSitemapIndex", () => {
  it("lists each sitemap's escaped address, with its lastmod when known", () => {
    const xml = renderSitemapIndex([
      { url: "https://news.example.com/s/1.xml" },
      { url: "https://news.example.com/s?p=2&x=1", lastModified: "2026-11-30" },
      { url: "https://news.example.com/s/3.xml", lastModified: "not a date" },
    ]);
    assertWellFormed(xml);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(
      "  <sitemap>\n    <loc>https://news.example.com/s?p=2&amp;x=1</loc>\n    <lastmod>2026-11-30</lastmod>\n  </sitemap>",
    );
    expect(xml).toContain(
      "  <sitemap>\n    <loc>https://news.example.com/s/1.xml</loc>\n  </sitemap>",
    );
    expect(xml.match(/<lastmod>/g)).toHaveLength(1);
    expect(locs(xml)).toEqual([
      "https://news.example.com/s/1.xml",
      "https://news.example.com/s?p=2&amp;x=1",
      "https://news.example.com/s/3.xml",
    ]);
  });
});

describe("pagePartCount", () => {
  it("uses the protocol's limit of 50,000 by default", () => {
    expect(pagePartCount(50000)).toBe(1);
    expect(pagePartCount(50001)).toBe(2);
  });

  it("is ceil(n / max), and one part for no entries", () => {
    expect(pagePartCount(7, 3)).toBe(3);
    expect(pagePartCount(6, 3)).toBe(2);
    expect(pagePartCount(3, 3)).toBe(1);
    expect(pagePartCount(0, 3)).toBe(1);
  });
});

describe("sitemapPart", () => {
  it("gives the first max entries as part 1", () => {
    const xml = sitemapPart(seven, 1, 3);
    expect(xml).not.toBeNull();
    assertWellFormed(xml ?? "");
    expect(locs(xml ?? "")).toEqual([
      "https://news.example.com/p1",
      "https://news.example.com/p2",
      "https://news.example.com/p3",
    ]);
  });

  it("gives the middle slice as part 2", () => {
    expect(locs(sitemapPart(seven, 2, 3) ?? "")).toEqual([
      "https://news.example.com/p4",
      "https://news.example.com/p5",
      "https://news.example.com/p6",
    ]);
  });

  it("gives the remainder as the last part", () => {
    const xml = sitemapPart(seven, 3, 3);
    expect(xml).toContain("<urlset ");
    expect(locs(xml ?? "")).toEqual(["https://news.example.com/p7"]);
  });

  it.each([[0], [-1], [4], [100], [1.5], [Number.NaN], [Number.POSITIVE_INFINITY]])(
    "is null for part %p",
    (part) => {
      expect(sitemapPart(seven, part, 3)).toBeNull();
    },
  );

  it("has part 1 always, the whole list when it fits, and no part 2 then", () => {
    expect(locs(sitemapPart(seven.slice(0, 3), 1, 3) ?? "")).toHaveLength(3);
    expect(locs(sitemapPart(seven, 1) ?? "")).toHaveLength(7);
    expect(sitemapPart(seven, 2)).toBeNull();
    expect(sitemapPart([], 1, 3)).toContain("<urlset ");
    expect(sitemapPart([], 2, 3)).toBeNull();
  });
});
