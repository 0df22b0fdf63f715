import { reshapeBlogList, reshapeBlogPost } from "./reshape";
import { BlogSourceError, type BlogPost } from "./types";

/** A list entry as the host sends it; `overrides` replace fields, or drop them when undefined. */
function entry(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return withOverrides(
    {
      id: 7,
      slug: "a-post",
      metaTitle: "A post",
      metaDescription: "About a post",
      pinterestImageLink: "https://img.example.com/logo.png",
      date: "2026-03-01",
    },
    overrides,
  );
}

/** One post as the functions host sends it. */
function post(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return withOverrides(
    {
      id: 42,
      slug: "full-post",
      metaTitle: "  Full post  ",
      metaDescription: "Everything set",
      date: "2026-02-14T09:30:00Z",
      shortTailKeywords: " news,  riverbend ,, ,local ",
      longTailKeywords: "how to read the news, where to find riverbend events",
      pinterestImageLink: "https://i.pinimg.com/originals/ab/cd/photo.JPG?w=600",
      youtubeShortsUrl: "https://www.youtube.com/shorts/abc123",
      blog: "## Hello\n\nBody text.\n",
    },
    overrides,
  );
}

function withOverrides(base: Record<string, unknown>, overrides: Record<string, unknown>) {
  const result = { ...base, ...overrides };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete result[key];
  }
  return result;
}

/** The error `run` throws; fails the test when it is not a BlogSourceError. */
function sourceErrorOf(run: () => unknown): BlogSourceError {
  try {
    run();
  } catch (error) {
    if (error instanceof BlogSourceError) return error;
    throw new Error(`expected a BlogSourceError, got ${String(error)}`);
  }
  throw new Error("expected a BlogSourceError, nothing was thrown");
}

describe("reshapeBlogList", () => {
  it("reshapes a good payload", () => {
    const page = reshapeBlogList({
      total: 25,
      blogs: [
        entry(),
        entry({
          id: "abc-1",
          slug: "second-post",
          metaTitle: "Second",
          metaDescription: undefined,
          pinterestImageLink: "http://img.example.com/second.svg",
          date: undefined,
        }),
      ],
    });
    expect(page).toEqual({
      total: 25,
      blogs: [
        {
          id: "7",
          slug: "a-post",
          metaTitle: "A post",
          metaDescription: "About a post",
          logoUrl: "https://img.example.com/logo.png",
          date: "2026-03-01",
        },
        {
          id: "abc-1",
          slug: "second-post",
          metaTitle: "Second",
          metaDescription: "",
          logoUrl: "http://img.example.com/second.svg",
          date: null,
        },
      ],
    });
  });

  it("accepts an empty list and a total of 0", () => {
    expect(reshapeBlogList({ total: 0, blogs: [] })).toEqual({ total: 0, blogs: [] });
  });

  it("ignores fields it does not know", () => {
    const page = reshapeBlogList({ total: 1, blogs: [entry({ extra: { a: 1 } })], more: true });
    expect(page.blogs[0]).not.toHaveProperty("extra");
    expect(page).not.toHaveProperty("more");
  });

  it.each([
    ["javascript:", "javascript:alert(1)"],
    ["data:", "data:image/png;base64,AAAA"],
    ["a relative path", "/logos/a.png"],
    ["a protocol-relative address", "//evil.example.com/a.png"],
    ["text that is no address", "not a url"],
    ["an empty string", ""],
    ["spaces", "   "],
    ["null", null],
  ])("gives no logo for %s", (_what, link) => {
    expect(
      reshapeBlogList({ total: 1, blogs: [entry({ pinterestImageLink: link })] }).blogs[0]?.logoUrl,
    ).toBeNull();
  });

  it("gives no logo when pinterestImageLink is absent", () => {
    const [blog] = reshapeBlogList({
      total: 1,
      blogs: [entry({ pinterestImageLink: undefined })],
    }).blogs;
    expect(blog?.logoUrl).toBeNull();
  });

  it("keeps a parseable date and drops one that is not", () => {
    const dates = ["2026-03-01", "2026-03-01T08:00:00+02:00", "yesterday", "", "2026-13-40", null];
    const { blogs } = reshapeBlogList({ total: 6, blogs: dates.map((date) => entry({ date })) });
    expect(blogs.map((blog) => blog.date)).toEqual([
      "2026-03-01",
      "2026-03-01T08:00:00+02:00",
      null,
      null,
      null,
      null,
    ]);
  });

  it("trims text fields and a string id", () => {
    const [blog] = reshapeBlogList({
      total: 1,
      blogs: [
        entry({ id: "  x1 ", metaTitle: "  Title  ", metaDescription: "  ", slug: " a-post " }),
      ],
    }).blogs;
    expect(blog).toMatchObject({
      id: "x1",
      metaTitle: "Title",
      metaDescription: "",
      slug: "a-post",
    });
  });

  describe("refuses a malformed payload", () => {
    it.each<[string, unknown]>([
      ["null", null],
      ["undefined", undefined],
      ["a string", "{}"],
      ["a number", 3],
      ["an array", [{ total: 1, blogs: [] }]],
      ["a missing total", { blogs: [] }],
      ["a negative total", { total: -1, blogs: [] }],
      ["a fractional total", { total: 1.5, blogs: [] }],
      ["a string total", { total: "3", blogs: [] }],
      ["a NaN total", { total: Number.NaN, blogs: [] }],
      ["an infinite total", { total: Number.POSITIVE_INFINITY, blogs: [] }],
      ["missing blogs", { total: 1 }],
      ["blogs that are an object", { total: 1, blogs: { 0: entry() } }],
      ["blogs that are a string", { total: 1, blogs: "[]" }],
    ])("%s", (_what, payload) => {
      expect(() => reshapeBlogList(payload)).toThrow(BlogSourceError);
    });
  });

  describe("refuses a malformed entry, naming its index", () => {
    it.each<[string, unknown]>([
      ["null", null],
      ["a string", "a-post"],
      ["an array", [entry()]],
      ["a slug with ..", entry({ slug: "../etc" })],
      ["a slug with a slash", entry({ slug: "a/b" })],
      ["a slug with a space", entry({ slug: "Has Space" })],
      ["an upper-case slug", entry({ slug: "Upper" })],
      ["a slug with markup", entry({ slug: "<script>" })],
      ["a slug with a trailing hyphen", entry({ slug: "a-" })],
      ["a slug with a double hyphen", entry({ slug: "a--b" })],
      ["a too long slug", entry({ slug: "a".repeat(201) })],
      ["an empty slug", entry({ slug: "" })],
      ["a numeric slug", entry({ slug: 12 })],
      ["a missing slug", entry({ slug: undefined })],
      ["a missing metaTitle", entry({ metaTitle: undefined })],
      ["a blank metaTitle", entry({ metaTitle: "   " })],
      ["a numeric metaTitle", entry({ metaTitle: 5 })],
      ["a missing id", entry({ id: undefined })],
      ["a null id", entry({ id: null })],
      ["a blank id", entry({ id: " " })],
      ["a NaN id", entry({ id: Number.NaN })],
      ["an object id", entry({ id: { value: 1 } })],
      ["a numeric metaDescription", entry({ metaDescription: 3 })],
      ["a numeric pinterestImageLink", entry({ pinterestImageLink: 3 })],
      ["a numeric date", entry({ date: 20260301 })],
    ])("%s", (_what, bad) => {
      const error = sourceErrorOf(() => reshapeBlogList({ total: 2, blogs: [entry(), bad] }));
      expect(error.message).toContain("entry 1");
    });
  });

  it("keeps a long slug of exactly 200 characters", () => {
    const slug = "a".repeat(200);
    expect(reshapeBlogList({ total: 1, blogs: [entry({ slug })] }).blogs[0]?.slug).toBe(slug);
  });

  it("does not echo a huge bad slug in full", () => {
    const error = sourceErrorOf(() =>
      reshapeBlogList({ total: 1, blogs: [entry({ slug: `<${"x".repeat(10_000)}>` })] }),
    );
    expect(error.message.length).toBeLessThan(300);
  });
});

describe("reshapeBlogPost", () => {
  const expectedFull: BlogPost = {
    id: "42",
    slug: "full-post",
    metaTitle: "Full post",
    metaDescription: "Everything set",
    date: "2026-02-14T09:30:00Z",
    shortTailKeywords: ["news", "riverbend", "local"],
    longTailKeywords: ["how to read the news", "where to find riverbend events"],
    pinterestImageLink: "https://i.pinimg.com/originals/ab/cd/photo.JPG?w=600",
    imageUrl: "https://i.pinimg.com/originals/ab/cd/photo.JPG?w=600",
    youtubeShortsUrl: "https://www.youtube.com/shorts/abc123",
    body: "## Hello\n\nBody text.\n",
  };

  it("reshapes a full post", () => {
    expect(reshapeBlogPost(post())).toEqual(expectedFull);
  });

  it("takes the first post of an array", () => {
    expect(reshapeBlogPost([post()])).toEqual(expectedFull);
  });

  it("keeps the body exactly, untrimmed", () => {
    const body = "\n\n  <div>raw</div>\n\n| a |\n|---|\n   ";
    expect(reshapeBlogPost(post({ blog: body }))?.body).toBe(body);
  });

  it("fills absent optional fields with empty values", () => {
    expect(
      reshapeBlogPost({
        id: "p1",
        slug: "minimal",
        metaTitle: "Minimal",
        date: "2026-01-01",
        blog: "x",
      }),
    ).toEqual({
      id: "p1",
      slug: "minimal",
      metaTitle: "Minimal",
      metaDescription: "",
      date: "2026-01-01",
      shortTailKeywords: [],
      longTailKeywords: [],
      pinterestImageLink: null,
      imageUrl: null,
      youtubeShortsUrl: null,
      body: "x",
    });
  });

  it("gives no keywords for an empty or comma-only string", () => {
    const result = reshapeBlogPost(post({ shortTailKeywords: "", longTailKeywords: " , ,, " }));
    expect(result?.shortTailKeywords).toEqual([]);
    expect(result?.longTailKeywords).toEqual([]);
  });

  describe("imageUrl", () => {
    it.each([
      "https://x.test/a.png",
      "https://x.test/a.jpg",
      "https://x.test/a.jpeg",
      "https://x.test/a.gif",
      "https://x.test/a.webp",
      "https://x.test/a.avif",
      "https://x.test/a.svg",
      "https://x.test/a.PNG",
      "https://x.test/a.png?size=large",
      "https://x.test/a.png#frag",
      "http://x.test/a.webp",
    ])("is the pin link %s, which names an image file", (link) => {
      const result = reshapeBlogPost(post({ pinterestImageLink: link }));
      expect(result?.imageUrl).toBe(link);
      expect(result?.pinterestImageLink).toBe(link);
    });

    it.each([
      "https://www.pinterest.com/pin/264199087530412678/",
      "https://x.test/a.png.html",
      "https://x.test/png",
      "https://x.test/a.pdf",
      "https://x.test/page?file=a.png.txt",
    ])("is null for the pin link %s, which is no image file", (link) => {
      const result = reshapeBlogPost(post({ pinterestImageLink: link }));
      expect(result?.imageUrl).toBeNull();
      expect(result?.pinterestImageLink).toBe(link);
    });

    it.each([
      "javascript:alert(1)//a.png",
      "/images/a.png",
      "data:image/png;base64,AA.png",
      "ftp://x.test/a.png",
    ])("is null, as is the pin link, for %s", (link) => {
      const result = reshapeBlogPost(post({ pinterestImageLink: link }));
      expect(result?.pinterestImageLink).toBeNull();
      expect(result?.imageUrl).toBeNull();
    });
  });

  it.each([
    ["javascript:", "javascript:alert(document.cookie)"],
    ["a relative path", "/shorts/abc"],
    ["ftp:", "ftp://youtube.com/shorts/abc"],
    ["text that is no address", "youtube shorts"],
    ["an empty string", ""],
  ])("drops a youtubeShortsUrl that is %s", (_what, url) => {
    expect(reshapeBlogPost(post({ youtubeShortsUrl: url }))?.youtubeShortsUrl).toBeNull();
  });

  it("keeps an http youtubeShortsUrl", () => {
    expect(
      reshapeBlogPost(post({ youtubeShortsUrl: "http://youtube.com/shorts/x" }))?.youtubeShortsUrl,
    ).toBe("http://youtube.com/shorts/x");
  });

  describe("answers 'not found' (null)", () => {
    it.each<[string, unknown]>([
      ["null", null],
      ["undefined", undefined],
      ["{}", {}],
      ["[]", []],
      ["[null]", [null]],
      ["[{}]", [{}]],
      ["an empty body", post({ blog: "" })],
      ["a whitespace body", post({ blog: " \n\t " })],
    ])("for %s", (_what, payload) => {
      expect(reshapeBlogPost(payload)).toBeNull();
    });
  });

  describe("refuses a malformed post", () => {
    it.each<[string, unknown]>([
      ["a string", "post"],
      ["a number", 1],
      ["an array holding a string", ["post"]],
      ["an array holding an array", [[post()]]],
      ["a missing body", post({ blog: undefined })],
      ["a null body", post({ blog: null })],
      ["a numeric body", post({ blog: 12 })],
      ["an object body", post({ blog: { html: "x" } })],
      ["a bad date", post({ date: "not a date" })],
      ["an impossible month", post({ date: "2026-13-01" })],
      ["a missing date", post({ date: undefined })],
      ["a numeric date", post({ date: 1_700_000_000_000 })],
      ["a missing id", post({ id: undefined })],
      ["an empty id", post({ id: "" })],
      ["an infinite id", post({ id: Number.POSITIVE_INFINITY })],
      ["a bad slug", post({ slug: "../etc/passwd" })],
      ["a missing slug", post({ slug: undefined })],
      ["a missing metaTitle", post({ metaTitle: undefined })],
      ["numeric keywords", post({ shortTailKeywords: 3 })],
      ["keyword arrays", post({ longTailKeywords: ["a", "b"] })],
      ["a numeric youtubeShortsUrl", post({ youtubeShortsUrl: 1 })],
    ])("%s", (_what, payload) => {
      expect(() => reshapeBlogPost(payload)).toThrow(BlogSourceError);
    });
  });
});
