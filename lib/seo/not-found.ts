import type { Metadata } from "next";

/**
 * The two not-found pages, their exact texts (the spec's) defined once: the site's generic
 * page and the blog post's. app/not-found.tsx, app/[publication]/not-found.tsx,
 * app/[publication]/blog/[slug]/not-found.tsx and the pages that answer 404 themselves
 * (components/not-found/not-found-page.tsx) all render these.
 */
export const NOT_FOUND_PAGES = {
  site: {
    metaTitle: "Page not found",
    title: "Oops! Page not found",
    text: "The page you asked for has moved, expired or never existed.",
    back: { href: "/", label: "Return to Home" },
  },
  post: {
    metaTitle: "Blog post not found",
    title: "Blog post not found",
    text: "The post you asked for has moved or was never published.",
    back: { href: "/blog", label: "Back to Blog" },
  },
} as const;

export type NotFoundKind = keyof typeof NOT_FOUND_PAGES;

/** The site's own share image (app/[publication]/opengraph-image.tsx): it exists whatever the address. */
const SITE_SHARE_IMAGE = { url: "/opengraph-image", width: 1200, height: 630 };

/**
 * A not-found page's metadata: kept out of search results, and sharing the site's image.
 * `images` is named on purpose: without it a segment's own opengraph-image file (a section's,
 * a post's) would be announced for an address that has no such image.
 */
export function notFoundMetadata(kind: NotFoundKind): Metadata {
  const { metaTitle } = NOT_FOUND_PAGES[kind];
  return {
    title: metaTitle,
    robots: { index: false, follow: true },
    openGraph: { images: [SITE_SHARE_IMAGE] },
    twitter: { card: "summary_large_image", images: [SITE_SHARE_IMAGE] },
  };
}
