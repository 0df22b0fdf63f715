import { getAllBlogSummaries } from "../blog";
import { logUpstreamError } from "../ops";
import { localize, publicationUrl, type Publication } from "../publication";
import { DEFAULT_PUBLICATION } from "../site";
import { renderLlmsTxt } from "./llms";
import { KEY_PAGES, SECTION_PAGES } from "./pages";

const RECENT_POSTS = 10;

/**
 * /llm.txt and /llms.txt: the site's sections, key pages and recent posts for assistants.
 * `complete` is false when the blog could not be read (the posts are then left out).
 */
export async function llmsTxt(
  publication: Publication,
): Promise<{ text: string; complete: boolean }> {
  let posts: Awaited<ReturnType<typeof getAllBlogSummaries>> = [];
  let complete = true;
  try {
    posts = (await getAllBlogSummaries(publication)).slice(0, RECENT_POSTS);
  } catch (error) {
    complete = false;
    logUpstreamError("llms.txt blog posts", error instanceof Error ? error.message : String(error));
  }
  return { text: render(publication, posts), complete };
}

function render(
  publication: Publication,
  posts: Awaited<ReturnType<typeof getAllBlogSummaries>>,
): string {
  return renderLlmsTxt({
    title: publication.name,
    summary: `${publication.description} Part of the ${DEFAULT_PUBLICATION.network.name}.`,
    details:
      "Section pages list the latest headlines from outside news feeds, each linking to the publisher's article. The blog holds the newsroom's own writing. Machine-readable: /sitemap.xml, /rss (the blog as RSS 2.0).",
    sections: [
      {
        heading: "Sections",
        links: localize(SECTION_PAGES, publication).map((page) => ({
          name: page.name,
          url: publicationUrl(publication, page.path),
          description: page.description,
        })),
      },
      {
        heading: "Key pages",
        links: localize(KEY_PAGES, publication).map((page) => ({
          name: page.name,
          url: publicationUrl(publication, page.path),
          description: page.description,
        })),
      },
      {
        heading: "Recent blog posts",
        links: posts.map((post) => ({
          name: post.metaTitle,
          url: publicationUrl(publication, `/blog/${post.slug}`),
          description: post.metaDescription,
        })),
      },
      {
        heading: "Optional",
        links: [
          {
            name: "Sitemap (XML)",
            url: publicationUrl(publication, "/sitemap.xml"),
            description: "Every indexable URL",
          },
          {
            name: "Blog feed (RSS 2.0)",
            url: publicationUrl(publication, "/rss"),
            description: "The latest 20 posts in full",
          },
        ],
      },
    ],
  });
}
