import type { Metadata } from "next";
import type { ReactNode } from "react";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { PhotoFallbackScript } from "@/components/news/photo-fallback";
import { brandOf, footerOf, NETWORK_ACCENT, publicationFromParams } from "@/lib/publication";
import { rssAlternate } from "@/lib/seo";

type Props = { children: ReactNode; params: Promise<{ publication: string }> };

// Nothing is rendered at build time: the build never knows the network (PUBLICATIONS_FILE is
// read at start). Each publication's pages render on their first request and are then cached
// under its key like any page.
export function generateStaticParams(): { publication: string }[] {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const publication = await publicationFromParams(params);
  return {
    metadataBase: publication.url,
    title: { default: publication.name, template: `%s | ${publication.name}` },
    description: publication.description,
    applicationName: publication.name,
    alternates: { types: rssAlternate(publication) },
    openGraph: {
      siteName: publication.name,
      locale: "en_US",
      type: "website",
      images: [{ url: "/opengraph-image", width: 1200, height: 630, alt: publication.name }],
    },
    twitter: { card: "summary_large_image" },
    robots: { index: true, follow: true },
    formatDetection: { telephone: false },
    // The publication's own letters and colour (app/[publication]/icon.png, apple-icon.png).
    icons: {
      icon: { url: "/icon.png", type: "image/png", sizes: "96x96" },
      apple: { url: "/apple-icon.png", sizes: "180x180" },
    },
  };
}

export default async function PublicationLayout({ children, params }: Props) {
  const publication = await publicationFromParams(params);
  const brand = brandOf(publication);
  return (
    <>
      {/* Hoisted into the head by React (href + precedence): the publication's own colour,
          when it has one (app/globals.css has the network's). */}
      {brand.accent !== NETWORK_ACCENT && (
        <style href={`accent-${brand.accent.slice(1)}`} precedence="medium">
          {accentRule(brand.accent)}
        </style>
      )}
      {/* Hoisted into the head by React: a browser may add the site's search (OpenSearch). */}
      <link
        rel="search"
        type="application/opensearchdescription+xml"
        title={publication.name}
        href="/opensearch.xml"
      />
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader brand={brand} />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter {...footerOf(publication)} />
      <PhotoFallbackScript />
    </>
  );
}

/** The publication's accent and its darker shade (hover, pressed), as the CSS variables. */
function accentRule(accent: string): string {
  const dark = `#${[1, 3, 5]
    .map((i) => Math.round(parseInt(accent.slice(i, i + 2), 16) * 0.77))
    .map((v) => v.toString(16).padStart(2, "0"))
    .join("")}`;
  return `:root{--color-accent:${accent};--color-accent-dark:${dark}}`;
}
