import { revalidatePath, revalidateTag } from "next/cache";
import { TAGS } from "../constants";

/** The pages that show blog data, in one place (the blog list's pages and the posts). */
export const BLOG_PAGES: readonly string[] = [
  "/blog/[[...rest]]",
  "/blog/page/[page]",
  "/blog/[slug]",
];

/**
 * The blog's refresh (POST /api/revalidate): its cached answers expire at once (expire 0: the
 * next reader gets the new content, not a stale page), with the pages that show them.
 */
export function refreshBlog(): { tag: string; pages: readonly string[] } {
  revalidateTag(TAGS.blog, { expire: 0 });
  for (const path of BLOG_PAGES) revalidatePath(path, "page");
  return { tag: TAGS.blog, pages: BLOG_PAGES };
}
