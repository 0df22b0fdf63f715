import localFont from "next/font/local";

/**
 * Headline serif, self-hosted from the @fontsource-variable/source-serif-4 package
 * (next/font serves and preloads it; nothing is downloaded at build).
 * Body text uses the system sans stack: no font cost for the bulk of the page.
 */
export const serif = localFont({
  src: "../node_modules/@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2",
  weight: "200 900",
  style: "normal",
  display: "swap",
  variable: "--font-serif-face",
  fallback: ["Georgia", "Cambria", "Times New Roman", "serif"],
  adjustFontFallback: "Times New Roman",
});
