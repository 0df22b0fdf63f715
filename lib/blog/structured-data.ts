import type { BlogPosting, WithContext } from "schema-dts";
import { organizationId, websiteId } from "../seo";
import { SITE, siteUrl } from "../site";
import type { BlogPost } from "./types";

export function blogPostingJsonLd(post: BlogPost): WithContext<BlogPosting> {
  const url = siteUrl(`/blog/${post.slug}`);
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
    image: post.imageUrl ?? blogPostImageUrl(post.slug),
    author: { "@id": organizationId() },
    publisher: { "@id": organizationId() },
    isPartOf: {
      "@type": "Blog",
      "@id": `${siteUrl("/blog")}#blog`,
      name: `${SITE.name} Blog`,
      isPartOf: { "@id": websiteId() },
    },
  };
}

/** The post's generated share image (app/blog/[slug]/opengraph-image.tsx). */
export function blogPostImageUrl(slug: string): string {
  return siteUrl(`/blog/${slug}/opengraph-image`);
}
