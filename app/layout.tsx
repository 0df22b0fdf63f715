import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { PhotoFallbackScript } from "@/components/news/photo-fallback";
import { config } from "@/lib/env";
import { RSS_ALTERNATE } from "@/lib/seo";
import { SITE } from "@/lib/site";
import "./globals.css";

export function generateMetadata(): Metadata {
  return {
    metadataBase: config().siteUrl,
    title: { default: SITE.name, template: `%s | ${SITE.name}` },
    description: SITE.description,
    alternates: { types: RSS_ALTERNATE },
    openGraph: { siteName: SITE.name, locale: SITE.locale, type: "website" },
    twitter: { card: "summary_large_image" },
    robots: { index: true, follow: true },
    formatDetection: { telephone: false },
  };
}

export const viewport: Viewport = {
  themeColor: "#ffffff",
  width: "device-width",
  initialScale: 1,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" className="site-main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        <PhotoFallbackScript />
      </body>
    </html>
  );
}
