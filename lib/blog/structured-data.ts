import type { BlogPosting, WithContext } from "schema-dts";
import { organizationId, websiteId } from "../structured-data";
import { SITE, siteUrl } from "../site";
import type { BlogPost } from "./types";

export function blogPostingJsonLd(post: BlogPost): WithContext<BlogPosting> {
  const url = siteUrl(`/blog/${post.slug}`);
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    "@id": `${url}#article`,
    headline: post.metaTitle,
    description: post.metaDescription || undefined,
    datePublished: post.date,
    dateModified: post.date,
    url,
    mainEntityOfPage: url,
    inLanguage: "en-US",
    keywords: [...post.shortTailKeywords, ...post.longTailKeywords].join(", ") || undefined,
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
