import { getRecentPosts } from "@/lib/blog";
import { BLOG_COPY } from "@/lib/blog/copy";
import { blogPostImageUrl } from "@/lib/blog/structured-data";
import { RSS, TEXT, textResponse } from "@/lib/discovery/responses";
import { renderRss } from "@/lib/discovery/rss";
import { logUpstreamError } from "@/lib/log";
import { markdownToHtml } from "@/lib/markdown";
import { SITE, siteUrl } from "@/lib/site";

/** RSS 2.0 of the latest 20 blog posts, in full: the same sanitised HTML as the post pages. */
export const dynamic = "force-dynamic";

const FEED_SIZE = 20;

export async function GET() {
  let posts;
  try {
    posts = await getRecentPosts(FEED_SIZE);
  } catch (error) {
    logUpstreamError("rss", error instanceof Error ? error.message : String(error));
    return textResponse("The blog feed is unavailable; please try again later.\n", TEXT, 503);
  }
  const xml = renderRss(
    {
      title: `${SITE.name} ${BLOG_COPY.title}`,
      link: siteUrl("/blog"),
      selfUrl: siteUrl("/rss"),
      description: BLOG_COPY.description,
      language: SITE.language,
      imageUrl: siteUrl("/images/logo.png"),
    },
    posts.map((post) => {
      const url = siteUrl(`/blog/${post.slug}`);
      return {
        title: post.metaTitle,
        link: url,
        guid: url,
        date: post.date,
        description: post.metaDescription,
        contentHtml: markdownToHtml(post.body),
        imageUrl: post.imageUrl ?? blogPostImageUrl(post.slug),
        categories: post.shortTailKeywords,
      };
    }),
  );
  return textResponse(xml, RSS);
}
