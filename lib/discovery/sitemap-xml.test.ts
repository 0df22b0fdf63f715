import {
  renderSitemapIndex,
  renderUrlset,
  SITEMAP_MAX_URLS,
  sitemapDocument,
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
const partUrl = (part: number) => `https://news.example.com/sitemaps/${part}.xml`;

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
  it("lists each sitemap's escaped address", () => {
    const xml = renderSitemapIndex([
      "https://news.example.com/s/1.xml",
      "https://news.example.com/s?p=2&x=1",
    ]);
    assertWellFormed(xml);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(
      "  <sitemap>\n    <loc>https://news.example.com/s?p=2&amp;x=1</loc>\n  </sitemap>",
    );
    expect(locs(xml)).toEqual([
      "https://news.example.com/s/1.xml",
      "https://news.example.com/s?p=2&amp;x=1",
    ]);
  });
});

describe("sitemapDocument", () => {
  it("uses the protocol's limit of 50,000 by default", () => {
    expect(SITEMAP_MAX_URLS).toBe(50000);
  });

  it("is the urlset itself when the entries fit", () => {
    const xml = sitemapDocument(seven.slice(0, 3), partUrl, 3);
    assertWellFormed(xml);
    expect(xml).toContain("<urlset ");
    expect(xml).not.toContain("<sitemapindex");
    expect(locs(xml)).toEqual([
      "https://news.example.com/p1",
      "https://news.example.com/p2",
      "https://news.example.com/p3",
    ]);
  });

  it("is the urlset for an empty list", () => {
    expect(sitemapDocument([], partUrl, 3)).toContain("<urlset ");
  });

  it("is an index of ceil(n / max) parts when over the limit", () => {
    const xml = sitemapDocument(seven, partUrl, 3);
    assertWellFormed(xml);
    expect(xml).toContain("<sitemapindex ");
    expect(xml).not.toContain("<urlset");
    expect(locs(xml)).toEqual([
      "https://news.example.com/sitemaps/1.xml",
      "https://news.example.com/sitemaps/2.xml",
      "https://news.example.com/sitemaps/3.xml",
    ]);
  });

  it("has exactly n / max parts when n is a multiple of max", () => {
    expect(locs(sitemapDocument(seven.slice(0, 6), partUrl, 3))).toEqual([
      "https://news.example.com/sitemaps/1.xml",
      "https://news.example.com/sitemaps/2.xml",
    ]);
  });

  it("fits 50,000 entries in one urlset by default and splits at 50,001", () => {
    const many = Array.from({ length: 50001 }, (_, i) => ({ url: `https://e.example/${i}` }));
    expect(sitemapDocument(many.slice(0, 50000), partUrl)).toContain("<urlset ");
    expect(locs(sitemapDocument(many, partUrl))).toEqual([
      "https://news.example.com/sitemaps/1.xml",
      "https://news.example.com/sitemaps/2.xml",
    ]);
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

  it("is null for every part when no split is needed", () => {
    expect(sitemapPart(seven.slice(0, 3), 1, 3)).toBeNull();
    expect(sitemapPart(seven, 1)).toBeNull();
    expect(sitemapPart([], 1, 3)).toBeNull();
  });
});
