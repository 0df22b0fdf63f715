import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parseCalendarDay, parsePublishedDate } from "../dates";
import { parseFrontMatter } from "./front-matter";
import {
  BLOG_PAGE_SIZE,
  BlogSourceError,
  isValidSlug,
  splitKeywords,
  type BlogPost,
  type BlogSource,
  type BlogSummary,
} from "./types";

/**
 * The embedded default: markdown files with front matter in content/blog/. The file name
 * is the slug; the list is newest first.
 */

export const LOCAL_BLOG_DIR = path.join(process.cwd(), "content", "blog");

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:\d{2})?)?$/;

interface LocalPost {
  post: BlogPost;
  /** The card's round logo (front matter `logo`). */
  logoUrl: string | null;
}

/** A post file's text → the post; throws naming the file when a field is missing or wrong. */
function parseLocalPost(slug: string, source: string): LocalPost {
  const { data, body } = parseFrontMatter(source);
  const required = (key: string): string => {
    const value = data[key]?.trim();
    if (!value) throw new BlogSourceError(`content/blog/${slug}.md: "${key}" is missing`);
    return value;
  };
  const optional = (key: string): string | null => data[key]?.trim() || null;
  const date = required("date");
  if (!ISO_DATE.test(date) || !parsePublishedDate(date) || !parseCalendarDay(date.slice(0, 10))) {
    throw new BlogSourceError(`content/blog/${slug}.md: "date" must be an ISO date, got "${date}"`);
  }
  const post: BlogPost = {
    id: slug,
    slug,
    metaTitle: required("metaTitle"),
    metaDescription: required("metaDescription"),
    date,
    shortTailKeywords: splitKeywords(data.shortTailKeywords),
    longTailKeywords: splitKeywords(data.longTailKeywords),
    pinterestImageLink: optional("pinterestImageLink"),
    imageUrl: optional("image"),
    youtubeShortsUrl: optional("youtubeShortsUrl"),
    body: body.trim(),
  };
  return { post, logoUrl: optional("logo") };
}

function toSummary({ post, logoUrl }: LocalPost): BlogSummary {
  return {
    id: post.id,
    slug: post.slug,
    metaTitle: post.metaTitle,
    metaDescription: post.metaDescription,
    logoUrl,
    date: post.date,
  };
}

export function createLocalSource(dir: string = LOCAL_BLOG_DIR): BlogSource {
  async function readPost(slug: string): Promise<LocalPost | null> {
    if (!isValidSlug(slug)) return null;
    let source: string;
    try {
      source = await readFile(/* turbopackIgnore: true */ path.join(dir, `${slug}.md`), "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    return parseLocalPost(slug, source);
  }

  async function readAll() {
    const files = (await readdir(/* turbopackIgnore: true */ dir))
      .filter((file) => file.endsWith(".md"))
      .sort();
    const posts = await Promise.all(files.map((file) => readPost(file.slice(0, -3))));
    return posts
      .filter((post) => post !== null)
      .sort(
        (a, b) =>
          Date.parse(b.post.date) - Date.parse(a.post.date) ||
          a.post.slug.localeCompare(b.post.slug),
      );
  }

  return {
    async list(page) {
      const posts = await readAll();
      const start = (page - 1) * BLOG_PAGE_SIZE;
      return {
        total: posts.length,
        blogs: posts.slice(start, start + BLOG_PAGE_SIZE).map(toSummary),
      };
    },
    async get(slug) {
      return (await readPost(slug))?.post ?? null;
    },
  };
}
