import { PriorityLimiter, processSingleton } from "../process";
import type { BlogPost, BlogSummary } from "./types";

/**
 * A list names posts without their bodies. Each new or changed post's body is read once after
 * the list names it (the source's get_details), in the background, BODY_READS at a time and at
 * most BODY_QUEUE waiting, and recorded in the archive: a word only in a post's body is found
 * by search from the start, not only once a reader has opened the post. Never on a reader's
 * path: the list's answer does not wait for it.
 */
const BODY_READS = 2;
const BODY_QUEUE = 500;

const bodies = processSingleton("blog-bodies", () => ({
  limiter: new PriorityLimiter(BODY_READS),
  /** publication and slug → the listing (title, description, date) whose body was read. */
  read: new Map<string, string>(),
  waiting: 0,
}));

export function readBodies(
  publicationKey: string,
  blogs: readonly BlogSummary[],
  get: (slug: string) => Promise<BlogPost | null>,
  record: (post: BlogPost) => void,
): void {
  // A build reads the blog for its prerendered pages; the running site records.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  for (const blog of blogs) {
    const id = `${publicationKey}\n${blog.slug}`;
    const listing = JSON.stringify([blog.metaTitle, blog.metaDescription, blog.date]);
    if (bodies.read.get(id) === listing || bodies.waiting >= BODY_QUEUE) continue;
    if (bodies.read.size > 100_000) bodies.read.clear();
    bodies.read.set(id, listing);
    bodies.waiting++;
    bodies.limiter
      .schedule(() => get(blog.slug), { background: true })
      .done.then(
        (post) => post && record(post),
        // Tried again when a later list names the post.
        () => bodies.read.delete(id),
      )
      .finally(() => bodies.waiting--);
  }
}
