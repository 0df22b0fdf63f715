import type { Metadata } from "next";
import { SITE } from "./site";

/**
 * Per-page metadata from one helper: title, description, exactly one canonical link,
 * and the matching Open Graph / Twitter fields. The root layout sets the site-wide rest.
 */
export function pageMetadata({
  title,
  description,
  path,
  keywords,
}: {
  title: string;
  description: string;
  path: string;
  keywords?: readonly string[];
}): Metadata {
  return {
    title,
    description,
    keywords: keywords ? [...keywords] : undefined,
    alternates: { canonical: path },
    openGraph: {
      title: `${title} | ${SITE.name}`,
      description,
      url: path,
      siteName: SITE.name,
      locale: SITE.locale,
      type: "website",
    },
    twitter: { card: "summary_large_image", title: `${title} | ${SITE.name}`, description },
  };
}
