import { filterSitemap } from "../sitemap-texts";
import { embeddedPublication } from "../publication/registry";
import { sitemapCategories } from "./sitemap-pages";

/** The categories as the embedded publication shows them. */
const SITEMAP_CATEGORIES = sitemapCategories(embeddedPublication());

/** The pages the product spec lists for the sitemap, plus /books and /radio from the main nav. */
const SPEC_PATHS = [
  "/",
  "/blog",
  "/local",
  "/national",
  "/world",
  "/politics",
  "/business",
  "/sports",
  "/technology",
  "/health",
  "/automotive",
  "/realestate",
  "/culture",
  "/food",
  "/lifestyle",
  "/market-news",
  "/analysis",
  "/opinion",
  "/archives",
  "/events",
  "/resources",
  "/faq",
  "/contact",
  "/partners",
  "/privacy",
  "/terms",
];

const paths = (categories = SITEMAP_CATEGORIES) =>
  categories.flatMap((category) => category.pages.map((page) => page.path));

describe("SITEMAP_CATEGORIES", () => {
  it("lists every page of the spec once, and the archive, books and radio pages", () => {
    expect([...paths()].sort()).toEqual([...SPEC_PATHS, "/archive", "/books", "/radio"].sort());
  });

  it("gives every page a name, a description and a priority", () => {
    for (const page of SITEMAP_CATEGORIES.flatMap((category) => category.pages)) {
      expect(page.name).not.toBe("");
      expect(page.description).not.toBe("");
      expect(["High", "Medium", "Low"]).toContain(page.priority);
    }
  });

  it("takes section names from the section definitions", () => {
    const news = SITEMAP_CATEGORIES.find((category) => category.title === "News Sections");
    expect(news?.pages[0]).toMatchObject({ name: "Local News", path: "/local" });
  });
});

describe("filterSitemap", () => {
  it("keeps everything for a blank query", () => {
    expect(filterSitemap(SITEMAP_CATEGORIES, "")).toEqual(SITEMAP_CATEGORIES);
    expect(filterSitemap(SITEMAP_CATEGORIES, "   ")).toEqual(SITEMAP_CATEGORIES);
  });

  it("matches the name or the description, ignoring case, and drops empty categories", () => {
    const byName = filterSitemap(SITEMAP_CATEGORIES, "PRIVACY");
    expect(byName.map((category) => category.title)).toEqual(["Legal"]);
    expect(paths(byName)).toEqual(["/privacy"]);

    // "24/7 live stream" is only in the radio page's description.
    expect(paths(filterSitemap(SITEMAP_CATEGORIES, "24/7"))).toEqual(["/radio"]);
  });

  it("treats the query as plain text", () => {
    expect(filterSitemap(SITEMAP_CATEGORIES, ".*")).toEqual([]);
    expect(paths(filterSitemap(SITEMAP_CATEGORIES, "&"))).toEqual(
      expect.arrayContaining(["/politics", "/business"]),
    );
  });

  it("returns nothing when no page matches", () => {
    expect(filterSitemap(SITEMAP_CATEGORIES, "zzzz-no-such-page")).toEqual([]);
  });
});
