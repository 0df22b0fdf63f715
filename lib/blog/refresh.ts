import { revalidateTag } from "next/cache";
import { expirePublicationPages, type Publication } from "../publication";
import { blogTag } from "../tags";

/** The pages that show blog data, in one place (the blog list's pages), below the publication. */
const BLOG_PAGES: readonly string[] = ["/blog", "/blog/page/1"];

/**
 * A publication's blog refresh (POST /api/revalidate): its cached answers expire at once
 * (expire 0: the next reader gets the new content, not a stale page) and so do the pages that
 * read them (they carry the tag), this publication's only. Its list pages are named too.
 */
export function refreshBlog(publication: Publication): { tag: string; pages: readonly string[] } {
  const tag = blogTag(publication.key);
  revalidateTag(tag, { expire: 0 });
  expirePublicationPages(publication, BLOG_PAGES);
  return { tag, pages: BLOG_PAGES };
}
