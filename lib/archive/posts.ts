import { createHash } from "node:crypto";
import { processSingleton } from "../process";
import { startOfDay, readIsoDay } from "./days";
import { recordFeed } from "./recorder";
import type { CarriageRow } from "./types";

/**
 * The blog's posts in the archive: each publication's blog is a feed of its own
 * (`blog:<key>`) carried in the "blog" section, so its posts are searched, dated and withdrawn
 * like headlines, and link to the post.
 */
export const BLOG_SECTION = "blog";

export function blogFeed(publicationKey: string): string {
  return `blog:${publicationKey}`;
}

/** The blog's carriage row: after every section. */
export function blogCarriage(publicationKey: string): CarriageRow {
  return {
    publication: publicationKey,
    section: BLOG_SECTION,
    feed: blogFeed(publicationKey),
    rank: 1000,
  };
}

export interface PostRecord {
  slug: string;
  title: string;
  description: string;
  /** ISO day or date-time; null when the source gives none. */
  date: string | null;
  /** Keywords and body, when the post was read whole; null: keep what is recorded. */
  text: string | null;
}

/** A bare day is that day in the publication's zone (its noon), not midnight UTC. */
function dateOf(value: string | null, timeZone: string): string | null {
  if (!value) return null;
  const day = readIsoDay(value);
  if (day) return new Date(startOfDay(day, timeZone) + 12 * 3_600_000).toISOString();
  const moment = Date.parse(value);
  return Number.isFinite(moment) ? new Date(moment).toISOString() : null;
}

/** What was last queued of each post (publication and slug), so a read renders nothing new. */
const queued = processSingleton("archive-posts", () => new Map<string, string>());

/** Queues a publication's posts for the archive, those changed since last queued. */
export function recordPosts(
  owner: { key: string; url: URL; timeZone: string },
  posts: readonly PostRecord[],
  defaultImage: string,
): void {
  const changed = posts.filter((post) => {
    const id = `${owner.key}\n${post.slug}\n${post.text === null ? "listed" : "read"}`;
    const signature = createHash("sha256")
      .update(JSON.stringify([post.title, post.description, post.date, post.text]))
      .digest("base64url");
    if (queued.get(id) === signature) return false;
    if (queued.size > 100_000) queued.clear();
    queued.set(id, signature);
    return true;
  });
  if (changed.length === 0) return;
  recordFeed(
    blogFeed(owner.key),
    changed.map((post) => ({
      guid: post.slug,
      title: post.title,
      description: post.description,
      body: post.text,
      link: new URL(`/blog/${post.slug}`, owner.url).href,
      // One photo for a post, listed or read whole (a list names none).
      imageUrl: defaultImage,
      pubDate: dateOf(post.date, owner.timeZone),
    })),
  );
}
