import { getAllBlogSummaries } from "../blog";
import { logUpstreamError } from "../ops";
import { KEY_PAGES, localizePage, pageName, SECTION_PAGES, type SitePage } from "../pages";
import { DEFAULT_PUBLICATION, publicationUrl, type Publication } from "../publication";
import { renderLlmsTxt, type LlmsLink } from "./llms";

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

/** The pages of a list that search engines may index, as llms.txt links. */
function pageLinks(pages: readonly SitePage[], publication: Publication): LlmsLink[] {
  return pages
    .filter((page) => !page.noindex)
    .map((page) => localizePage(page, publication))
    .map((page) => ({
      name: pageName(page),
      url: publicationUrl(publication, page.path),
      description: page.description,
    }));
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
      { heading: "Sections", links: pageLinks(SECTION_PAGES, publication) },
      { heading: "Key pages", links: pageLinks(KEY_PAGES, publication) },
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
