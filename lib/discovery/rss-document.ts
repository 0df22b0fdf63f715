import { unstable_cache } from "next/cache";
import { BLOG_REVALIDATE_SECONDS, blogPostImageUrl, blogSourceKey, getRecentPosts } from "../blog";
import { blogTags } from "../tags";
import { markdownToHtml } from "../markdown";
import { pageFor } from "../pages";
import { DEFAULT_PUBLICATION, publicationUrl, type Publication } from "../publication";
import { renderRss } from "./rss";

const FEED_SIZE = 20;

async function buildRss(publication: Publication): Promise<string> {
  const posts = await getRecentPosts(publication, FEED_SIZE);
  const blog = pageFor(publication, "/blog");
  return renderRss(
    {
      title: `${publication.name} ${blog.title}`,
      link: publicationUrl(publication, "/blog"),
      selfUrl: publicationUrl(publication, "/rss"),
      description: blog.description,
      language: DEFAULT_PUBLICATION.language,
      imageUrl: publicationUrl(publication, "/images/logo.png"),
    },
    posts.map((post) => {
      const url = publicationUrl(publication, `/blog/${post.slug}`);
      return {
        title: post.metaTitle,
        link: url,
        guid: url,
        date: post.date,
        description: post.metaDescription,
        contentHtml: markdownToHtml(post.body),
        imageUrl: post.imageUrl ?? blogPostImageUrl(publication, post.slug),
        categories: post.shortTailKeywords,
      };
    }),
  );
}

/**
 * /rss: the latest 20 posts in full, with the post pages' sanitised HTML. The rendered
 * document is cached like the blog data under it (same lifetime, same tags), so the
 * markdown of 20 posts is not rendered again on every request. Throws when the blog fails;
 * a failure is not cached.
 */
export function rssDocument(publication: Publication): Promise<string> {
  // Keyed by the publication as well as its source: the document names the publication.
  return unstable_cache(
    () => buildRss(publication),
    ["rss-document", publication.key, blogSourceKey(publication), publication.url.href],
    { revalidate: BLOG_REVALIDATE_SECONDS, tags: blogTags(publication.key) },
  )();
}
