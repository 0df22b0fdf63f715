import { unstable_cache } from "next/cache";
import { BLOG_REVALIDATE_SECONDS, blogSourceKey, getRecentPosts } from "../blog";
import { BLOG_COPY } from "../blog/copy";
import { blogPostImageUrl } from "../blog/structured-data";
import { TAGS } from "../constants";
import { markdownToHtml } from "../markdown";
import { SITE, siteUrl } from "../site";
import { renderRss } from "./rss";

const FEED_SIZE = 20;

async function buildRss(): Promise<string> {
  const posts = await getRecentPosts(FEED_SIZE);
  return renderRss(
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
}

/**
 * /rss: the latest 20 posts in full, with the post pages' sanitised HTML. The rendered
 * document is cached like the blog data under it (same lifetime, same `blog` tag), so the
 * markdown of 20 posts is not rendered again on every request. Throws when the blog fails;
 * a failure is not cached.
 */
export function rssDocument(): Promise<string> {
  return unstable_cache(buildRss, ["rss-document", blogSourceKey(), siteUrl("/")], {
    revalidate: BLOG_REVALIDATE_SECONDS,
    tags: [TAGS.blog],
  })();
}
