import { SECTION_SLUGS } from "../news/sections";
import { DEFAULT_PUBLICATION } from "../publication";
import { embeddedPublication } from "../publication/registry";
import {
  FOOTER_LINKS,
  HOME_LINK,
  KEY_PAGES,
  localizePage,
  MAIN_NAV,
  NEWS_MENU,
  pageFor,
  pathsShowingSection,
  SECTION_PAGES,
} from "./index";

describe("pathsShowingSection", () => {
  it("gives a section's own page", () => {
    expect(pathsShowingSection("sports")).toEqual(["/sports"]);
  });

  it("adds the home page for the section its Breaking News block shows", () => {
    expect(pathsShowingSection("national")).toEqual(["/national", "/"]);
  });

  it("names the section's page first for every section", () => {
    for (const slug of SECTION_SLUGS) expect(pathsShowingSection(slug)[0]).toBe(`/${slug}`);
  });
});

describe("the pages", () => {
  it("declares each path once", () => {
    const paths = [...KEY_PAGES, ...SECTION_PAGES].map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("keeps the spec's titles", () => {
    expect(pageFor(embeddedPublication(), "/market-news").title).toBe("Market News");
    expect(pageFor(embeddedPublication(), "/sports").title).toBe("Sports");
  });

  it("fills the placeholders, the publication's own description on the home page", () => {
    const publication = embeddedPublication();
    expect(pageFor(publication, "/").description).toBe(publication.description);
    expect(pageFor(publication, "/partners").description).toContain(
      DEFAULT_PUBLICATION.network.name,
    );
    for (const page of [...KEY_PAGES, ...SECTION_PAGES]) {
      const { title, description } = localizePage(page, publication);
      expect(description).not.toMatch(/\{\{/);
      // A name that begins with its article ("The Riverbend Chronicle") is not given another.
      expect(`${page.path}: ${title} ${description}`).not.toMatch(/\bthe the\b/i);
    }
  });

  it("gives every indexable page a sitemap entry, and none to /search", () => {
    for (const page of [...KEY_PAGES, ...SECTION_PAGES]) {
      expect(Boolean(page.sitemap)).toBe(!page.noindex);
    }
    expect(KEY_PAGES.find((page) => page.path === "/search")).toMatchObject({ noindex: true });
  });
});

describe("the menus", () => {
  it("are the spec's header and footer links", () => {
    expect(HOME_LINK).toEqual({ href: "/", label: "Home" });
    expect(NEWS_MENU.map((link) => link.href)).toEqual([
      ...SECTION_SLUGS.map((slug) => `/${slug}`),
      "/events",
    ]);
    expect(NEWS_MENU[0]).toEqual({ href: "/local", label: "Local News" });
    expect(MAIN_NAV).toEqual([
      { href: "/books", label: "Books" },
      { href: "/radio", label: "Radio" },
      { href: "/blog", label: "Blog" },
      { href: "/partners", label: "Partners" },
      { href: "/faq", label: "FAQ" },
    ]);
    expect(FOOTER_LINKS.map((link) => link.label)).toEqual([
      "Privacy Policy",
      "Terms of Service",
      "Sitemap",
      "Contact Us",
    ]);
  });
});
