import type { BlogPosting, WithContext } from "schema-dts";
import { organizationId, websiteId } from "../seo";
import { publicationUrl, type Publication } from "../publication";
import type { BlogPost } from "./types";

export function blogPostingJsonLd(
  publication: Publication,
  post: BlogPost,
): WithContext<BlogPosting> {
  const url = publicationUrl(publication, `/blog/${post.slug}`);
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    "@id": `${url}#article`,
    // The lead, the keywords and the body are on the page already: not repeated here.
    headline: post.metaTitle,
    datePublished: post.date,
    dateModified: post.date,
    url,
    inLanguage: "en-US",
    image: post.imageUrl ?? blogPostImageUrl(publication, post.slug),
    author: { "@id": organizationId(publication) },
    publisher: { "@id": organizationId(publication) },
    isPartOf: {
      "@type": "Blog",
      "@id": `${publicationUrl(publication, "/blog")}#blog`,
      name: `${publication.name} Blog`,
      isPartOf: { "@id": websiteId(publication) },
    },
  };
}

/** The post's generated share image (app/[publication]/blog/[slug]/opengraph-image.tsx). */
export function blogPostImageUrl(publication: Publication, slug: string): string {
  return publicationUrl(publication, `/blog/${slug}/opengraph-image`);
}
