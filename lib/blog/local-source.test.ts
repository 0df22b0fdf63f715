import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { createLocalSource, LOCAL_BLOG_DIR } from "./local-source";
import { totalPages } from "./pagination";
import { BLOG_PAGE_SIZE, BlogSourceError, type BlogPost, type BlogSource } from "./types";

/**
 * createLocalSource against temporary folders (one post per file, the file name is the slug),
 * then against the real content/blog folder the site ships with.
 */

/** A post file: front matter from `fields` (each value double-quoted), then `body`. */
function postFile(fields: Record<string, string>, body = "Body text.\n"): string {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return ["---", ...lines, "---", body].join("\n");
}

/** A valid post file with the given date and an optional logo. */
function datedPost(slug: string, date: string, extra: Record<string, string> = {}): string {
  return postFile({
    metaTitle: `Title of ${slug}`,
    metaDescription: `About ${slug}`,
    date,
    ...extra,
  });
}

const tempRoots: string[] = [];

/** A fresh folder `<tmp>/root/posts` holding `files`; returns both paths. */
async function makeBlogDir(files: Record<string, string>): Promise<{ root: string; dir: string }> {
  const root = await mkdtemp(path.join(os.tmpdir(), "blog-local-source-"));
  tempRoots.push(root);
  const dir = path.join(root, "posts");
  await mkdir(dir);
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return { root, dir };
}

afterAll(async () => {
  await Promise.all(tempRoots.map((root) => rm(root, { recursive: true, force: true })));
});

describe("createLocalSource with a temporary folder", () => {
  let source: BlogSource;
  let root: string;

  beforeAll(async () => {
    ({ root } = await makeBlogDir({
      "older-post.md": datedPost("older-post", "2025-06-01"),
      "newest-post.md": postFile(
        {
          metaTitle: "The newest post",
          metaDescription: "Fresh",
          date: "2026-04-02",
          logo: "/blog/logos/new.svg",
          shortTailKeywords: "one, two ,, three ",
          longTailKeywords: "a long keyword, another long keyword",
          pinterestImageLink: "https://www.pinterest.com/pin/1/",
          image: "/blog/images/new.jpg",
          youtubeShortsUrl: "https://www.youtube.com/shorts/xyz",
        },
        "\n## Heading\n\nFirst paragraph.\n\n",
      ),
      "middle-post.md": datedPost("middle-post", "2026-01-15T12:00:00Z"),
      // Same date as middle-post: the slug breaks the tie.
      "another-middle.md": datedPost("another-middle", "2026-01-15T12:00:00Z"),
      "notes.txt": "not a post",
    }));
    source = createLocalSource(path.join(root, "posts"));
  });

  it("lists newest first, with the tie on date broken by slug", async () => {
    const page = await source.list(1);
    expect(page.total).toBe(4);
    expect(page.blogs.map((blog) => blog.slug)).toEqual([
      "newest-post",
      "another-middle",
      "middle-post",
      "older-post",
    ]);
  });

  it("gives each summary its title, description, date and logo", async () => {
    const { blogs } = await source.list(1);
    expect(blogs[0]).toEqual({
      id: "newest-post",
      slug: "newest-post",
      metaTitle: "The newest post",
      metaDescription: "Fresh",
      logoUrl: "/blog/logos/new.svg",
      date: "2026-04-02",
    });
    expect(blogs[3]).toEqual({
      id: "older-post",
      slug: "older-post",
      metaTitle: "Title of older-post",
      metaDescription: "About older-post",
      logoUrl: null,
      date: "2025-06-01",
    });
  });

  it("gets a post in full, keywords split and the body without its front matter", async () => {
    const expected: BlogPost = {
      id: "newest-post",
      slug: "newest-post",
      metaTitle: "The newest post",
      metaDescription: "Fresh",
      date: "2026-04-02",
      shortTailKeywords: ["one", "two", "three"],
      longTailKeywords: ["a long keyword", "another long keyword"],
      pinterestImageLink: "https://www.pinterest.com/pin/1/",
      imageUrl: "/blog/images/new.jpg",
      youtubeShortsUrl: "https://www.youtube.com/shorts/xyz",
      body: "## Heading\n\nFirst paragraph.",
    };
    expect(await source.get("newest-post")).toEqual(expected);
  });

  it("gives null for optional fields a post does not set", async () => {
    expect(await source.get("older-post")).toMatchObject({
      shortTailKeywords: [],
      longTailKeywords: [],
      pinterestImageLink: null,
      imageUrl: null,
      youtubeShortsUrl: null,
      body: "Body text.",
    });
  });

  it("gives null for a slug with no file", async () => {
    expect(await source.get("no-such-post")).toBeNull();
  });

  it("gives an empty page past the end, still counting every post", async () => {
    expect(await source.list(2)).toEqual({ total: 4, blogs: [] });
  });
});

describe("createLocalSource slugs", () => {
  let source: BlogSource;

  beforeAll(async () => {
    const { root, dir } = await makeBlogDir({ "inside.md": datedPost("inside", "2026-01-01") });
    // Files outside the posts folder, and one whose name is no valid slug, inside it.
    await writeFile(path.join(root, "secret.md"), datedPost("secret", "2026-01-01"));
    await mkdir(path.join(dir, "a"));
    await writeFile(path.join(dir, "a", "b.md"), datedPost("b", "2026-01-01"));
    await writeFile(path.join(dir, "UPPER.md"), datedPost("UPPER", "2026-01-01"));
    source = createLocalSource(dir);
  });

  it("reads a valid slug", async () => {
    expect((await source.get("inside"))?.metaTitle).toBe("Title of inside");
  });

  it.each([
    "../secret",
    "..%2Fsecret",
    "UPPER",
    "a/b",
    "a\\b",
    "",
    ".",
    "..",
    "inside.md",
    "inside ",
    " inside",
    "inside\0",
    "-inside",
  ])("gives null for %p without reading it", async (slug) => {
    await expect(source.get(slug)).resolves.toBeNull();
  });

  it("does not list files whose names are no valid slug, nor files in subfolders", async () => {
    const page = await source.list(1);
    expect(page).toEqual({ total: 1, blogs: [expect.objectContaining({ slug: "inside" })] });
  });
});

describe("createLocalSource pages of 12", () => {
  let source: BlogSource;

  beforeAll(async () => {
    // post-01 is the oldest (Jan 1st), post-14 the newest (Jan 14th).
    const files: Record<string, string> = {};
    for (let n = 1; n <= 14; n++) {
      const slug = `post-${String(n).padStart(2, "0")}`;
      files[`${slug}.md`] = datedPost(slug, `2026-01-${String(n).padStart(2, "0")}`);
    }
    const { dir } = await makeBlogDir(files);
    source = createLocalSource(dir);
  });

  it("puts the 12 newest on page 1", async () => {
    const page = await source.list(1);
    expect(page.total).toBe(14);
    expect(page.blogs.map((blog) => blog.slug)).toEqual([
      "post-14",
      "post-13",
      "post-12",
      "post-11",
      "post-10",
      "post-09",
      "post-08",
      "post-07",
      "post-06",
      "post-05",
      "post-04",
      "post-03",
    ]);
  });

  it("puts the remaining 2 on page 2", async () => {
    const page = await source.list(2);
    expect(page.total).toBe(14);
    expect(page.blogs.map((blog) => blog.slug)).toEqual(["post-02", "post-01"]);
  });

  it("gives nothing on page 3", async () => {
    expect((await source.list(3)).blogs).toEqual([]);
  });
});

describe("createLocalSource with a broken post", () => {
  it.each([
    [
      "metaTitle is missing",
      { metaDescription: "d", date: "2026-01-01" },
      /"metaTitle" is missing/,
    ],
    [
      "metaTitle is blank",
      { metaTitle: "  ", metaDescription: "d", date: "2026-01-01" },
      /"metaTitle" is missing/,
    ],
    [
      "metaDescription is missing",
      { metaTitle: "t", date: "2026-01-01" },
      /"metaDescription" is missing/,
    ],
    ["date is missing", { metaTitle: "t", metaDescription: "d" }, /"date" is missing/],
    [
      "date is no ISO date",
      { metaTitle: "t", metaDescription: "d", date: "March 3, 2026" },
      /"date" must be an ISO date/,
    ],
    [
      "date has an impossible month",
      { metaTitle: "t", metaDescription: "d", date: "2026-13-01" },
      /"date" must be an ISO date/,
    ],
  ])("rejects when %s, naming the file", async (_what, fields, message) => {
    const { dir } = await makeBlogDir({
      "good-post.md": datedPost("good-post", "2026-01-01"),
      "broken-post.md": postFile(fields),
    });
    const source = createLocalSource(dir);
    for (const read of [() => source.list(1), () => source.get("broken-post")]) {
      const attempt = read();
      await expect(attempt).rejects.toBeInstanceOf(BlogSourceError);
      await expect(attempt).rejects.toThrow("broken-post.md");
      await expect(attempt).rejects.toThrow(message);
    }
    // The good post alone still reads.
    expect((await source.get("good-post"))?.slug).toBe("good-post");
  });

  it("rejects front matter that is not closed", async () => {
    const { dir } = await makeBlogDir({ "open-post.md": "---\nmetaTitle: t\n\nBody\n" });
    await expect(createLocalSource(dir).get("open-post")).rejects.toThrow(/not closed/);
  });

  it("rejects a listing of a folder that does not exist", async () => {
    const { root } = await makeBlogDir({});
    await expect(createLocalSource(path.join(root, "missing")).list(1)).rejects.toThrow();
  });
});

describe("the real content/blog folder", () => {
  const source = createLocalSource();
  let slugs: string[];
  let posts: BlogPost[];
  let logos: string[];

  beforeAll(async () => {
    const first = await source.list(1);
    const rest = [];
    for (let page = 2; page <= totalPages(first.total); page++) rest.push(await source.list(page));
    const summaries = [first, ...rest].flatMap((page) => page.blogs);
    expect(summaries).toHaveLength(first.total);
    slugs = summaries.map((summary) => summary.slug);
    logos = [...new Set(summaries.flatMap((summary) => summary.logoUrl ?? []))];
    posts = [];
    for (const slug of slugs) {
      const post = await source.get(slug);
      if (!post) throw new Error(`listed post ${slug} cannot be read`);
      posts.push(post);
    }
  });

  it("is the default folder", () => {
    expect(LOCAL_BLOG_DIR).toBe(path.join(process.cwd(), "content", "blog"));
  });

  it("holds at least 14 posts, so the list has a second page", () => {
    expect(posts.length).toBeGreaterThanOrEqual(14);
    expect(posts.length).toBeGreaterThan(BLOG_PAGE_SIZE);
  });

  it("has unique slugs, listed newest first", () => {
    expect(new Set(slugs).size).toBe(slugs.length);
    const times = posts.map((post) => Date.parse(post.date));
    expect(times.every((time, i) => i === 0 || time <= times[i - 1]!)).toBe(true);
  });

  it("gives every post a title, a description, a date and a body", () => {
    for (const post of posts) {
      expect(post.metaTitle).not.toBe("");
      expect(post.metaDescription).not.toBe("");
      expect(Number.isNaN(Date.parse(post.date))).toBe(false);
      expect(post.body.length).toBeGreaterThan(100);
      expect(post.body.startsWith("---")).toBe(false);
    }
  });

  it("has a post with a table", () => {
    expect(
      posts.some((post) => /^\|.*\|\s*$/m.test(post.body) || /<table[\s>]/i.test(post.body)),
    ).toBe(true);
  });

  it("has a post with a raw HTML element", () => {
    expect(
      posts.some((post) => /<(?:aside|details|figure|div|abbr|table)[\s>]/i.test(post.body)),
    ).toBe(true);
  });

  it("has a post with an image", () => {
    expect(
      posts.some((post) => /!\[[^\]]*\]\([^)]+\)|<img[\s>]/i.test(post.body) || post.imageUrl),
    ).toBe(true);
  });

  // A card shows its logo at 56 px (components/blog/blog-card.tsx). An SVG logo is a document
  // of its own that the reader's main thread parses, lays out and paints, fonts and all: with
  // its letters as live text, five of them cost /blog 130 ms of main-thread work at a slow
  // phone's speed (docs/benchmarks.md, "The blog's logos"). A raster is decoded off it.
  it("names logos the site serves, raster and sharp on a 3x screen", async () => {
    expect(logos.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const logo of logos) {
      if (!/^\/blog\/logos\/[a-z0-9-]+\.(?:webp|png|jpe?g|avif)$/.test(logo)) {
        wrong.push(`${logo}: not a raster under /blog/logos/`);
        continue;
      }
      const { format, width, height } = await sharp(path.join("public", logo)).metadata();
      if (!["webp", "png", "jpeg", "heif"].includes(format)) wrong.push(`${logo}: ${format}`);
      if (Math.min(width, height) < 56 * 3) wrong.push(`${logo}: ${width}x${height}`);
    }
    expect(wrong).toEqual([]);
  });

  it("has a post with a YouTube Shorts link and one with a Pinterest link, both https", () => {
    const shorts = posts.filter((post) => post.youtubeShortsUrl);
    const pins = posts.filter((post) => post.pinterestImageLink);
    expect(shorts.length).toBeGreaterThan(0);
    expect(pins.length).toBeGreaterThan(0);
    for (const post of shorts) expect(post.youtubeShortsUrl).toMatch(/^https:\/\//);
    for (const post of pins) expect(post.pinterestImageLink).toMatch(/^https:\/\//);
  });
});
