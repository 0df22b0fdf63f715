import type { ArchivedHeadline } from "../archive";
import { embeddedPublication } from "../publication/registry";
import { ARCHIVE_SECTIONS, groupBySection, headlineView, sourceOf } from "./headline-view";

const headline = (section: string, extra: Partial<ArchivedHeadline> = {}): ArchivedHeadline => ({
  id: `${section}-${extra.title ?? "x"}`,
  feed: "https://feeds.example.com/a.xml",
  title: "A headline",
  description: "What happened.",
  link: "https://www.news.example.com/story",
  imageUrl: "",
  at: Date.parse("2026-11-22T03:05:00Z"),
  section,
  story: `${section}-${extra.title ?? "x"}`,
  ...extra,
});

describe("sourceOf", () => {
  it("is the link's host without www.", () => {
    expect(sourceOf("https://www.nytimes.com/2026/11/a.html")).toBe("nytimes.com");
    expect(sourceOf("http://feeds.npr.org/x")).toBe("feeds.npr.org");
    expect(sourceOf("not an address")).toBeNull();
  });
});

describe("headlineView", () => {
  const publication = embeddedPublication();

  it("links out to the publisher, dated and timed in the publication's zone", () => {
    const view = headlineView(headline("sports"), { ...publication, timeZone: "America/Chicago" });
    expect(view).toMatchObject({
      href: "https://www.news.example.com/story",
      external: true,
      section: { slug: "sports", title: "Sports", href: "/sports" },
      dateTime: "2026-11-22T03:05:00.000Z",
      dateText: "November 21, 2026",
      source: "news.example.com",
    });
    expect(view.timeText.replace(/\s/gu, " ")).toBe("9:05 PM");
  });

  it("links the site's own posts to their page, under the blog", () => {
    const link = new URL("/blog/a-post", publication.url).href;
    const view = headlineView(headline("blog", { link }), publication);
    expect(view).toMatchObject({
      href: "/blog/a-post",
      external: false,
      section: { title: "Blog", href: "/blog" },
      source: null,
    });
  });

  it("names no section for one the site no longer has", () => {
    expect(headlineView(headline("gone"), publication).section).toBeNull();
  });
});

describe("groupBySection", () => {
  it("groups in the site's section order, then the blog, then sections no longer shown", () => {
    const groups = groupBySection([
      headline("blog", { title: "1" }),
      headline("sports", { title: "2" }),
      headline("gone", { title: "3" }),
      headline("local", { title: "4" }),
      headline("sports", { title: "5" }),
    ]);
    expect(groups.map((group) => group.section?.slug ?? null)).toEqual([
      "local",
      "sports",
      "blog",
      null,
    ]);
    expect(groups[1]!.headlines.map((h) => h.title)).toEqual(["2", "5"]);
  });

  it("offers every section in the site's order, then the blog", () => {
    expect(ARCHIVE_SECTIONS[0]!.slug).toBe("local");
    expect(ARCHIVE_SECTIONS.at(-1)).toEqual({ slug: "blog", title: "Blog", href: "/blog" });
    expect(ARCHIVE_SECTIONS).toHaveLength(16);
  });
});
