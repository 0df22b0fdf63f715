import type { Metadata } from "next";
import { DEFAULT_PUBLICATION, type Publication } from "../publication";

/** The blog's RSS feed, announced in every page's head (feed readers find it there). */
export function rssAlternate(publication: Publication) {
  return { "application/rss+xml": [{ url: "/rss", title: `${publication.name} Blog` }] };
}

/** Share images are drawn by the opengraph-image files: the site's default, or a segment's own. */
function shareImage(url: string, alt: string) {
  return { url, width: 1200, height: 630, alt };
}

/** What a page's metadata is made of: a lib/pages page as its publication shows it, or a post. */
export interface PageMetadataInput {
  title: string;
  description: string;
  path: string;
  keywords?: readonly string[];
  /** The page's share image; sections and posts draw their own. */
  image?: string;
  /** Kept out of search engines; its links may be followed. */
  noindex?: boolean;
}

/**
 * Per-page metadata from one helper, for every page: title, description, exactly one canonical
 * link, and the matching Open Graph fields. The root layout sets the site-wide rest.
 */
export function pageMetadata(
  publication: Publication,
  { title, description, path, keywords, image = "/opengraph-image", noindex }: PageMetadataInput,
): Metadata {
  const images = [shareImage(image, `${title} | ${publication.name}`)];
  return {
    title,
    description,
    keywords: keywords ? [...keywords] : undefined,
    // A page's `alternates` replaces the layout's whole, so the feed link is repeated here.
    alternates: { canonical: path, types: rssAlternate(publication) },
    openGraph: {
      title: `${title} | ${publication.name}`,
      description,
      url: path,
      siteName: publication.name,
      locale: DEFAULT_PUBLICATION.locale,
      type: "website",
      // A page's `openGraph` replaces the layout's, image included, so it is named here.
      images,
    },
    // Next.js fills X's title, description and image from the Open Graph fields.
    twitter: { card: "summary_large_image" },
    ...(noindex ? { robots: { index: false, follow: true } } : {}),
  };
}
