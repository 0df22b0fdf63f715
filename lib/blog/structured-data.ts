import type { BlogPosting, BreadcrumbList, WithContext } from "schema-dts";
import { SITE, siteUrl } from "../site";
import type { BlogPost } from "./types";

/** Breadcrumbs as a list of [name, path] pairs from the home page down. */
export function breadcrumbJsonLd(
  trail: readonly (readonly [string, string])[],
): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map(([name, path], index) => ({
      "@type": "ListItem",
      position: index + 1,
      name,
      item: siteUrl(path),
    })),
  };
}

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
    image: post.imageUrl ?? siteUrl(`/blog/${post.slug}/opengraph-image`),
    author: { "@id": `${siteUrl("/")}#organization` },
    publisher: { "@id": `${siteUrl("/")}#organization` },
    isPartOf: { "@id": `${siteUrl("/blog")}#blog`, "@type": "Blog", name: `${SITE.name} Blog` },
  };
}
