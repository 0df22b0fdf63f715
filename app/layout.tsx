import type { Viewport } from "next";
import type { ReactNode } from "react";
import "./globals.css";
import "./status-page.css";

/**
 * The document shell, the same for every publication. Everything a publication has (its name,
 * header, footer, metadata, colour) is drawn by app/[publication]/layout.tsx: every page lives below
 * that segment, which server.mjs and the one rewrite in next.config.mjs fill with the
 * publication the request's host names.
 */
export const viewport: Viewport = {
  themeColor: "#ffffff",
  width: "device-width",
  initialScale: 1,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
