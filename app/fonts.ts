import localFont from "next/font/local";

/**
 * Headline serif: Source Serif 4 Bold, self-hosted from the @fontsource/source-serif-4 package
 * (next/font serves and preloads it; nothing is downloaded at build). One static weight,
 * 21 kB, instead of the variable font's 51 kB: headings are set at 600-800 and all resolve
 * to it. The font sits on the path to the first paint of every page, so its size is the
 * largest paint's (Lighthouse mobile: 1.9 s with the variable font, see README).
 * Body text uses the system sans stack: no font cost for the bulk of the page.
 */
export const serif = localFont({
  src: "../node_modules/@fontsource/source-serif-4/files/source-serif-4-latin-700-normal.woff2",
  weight: "700",
  style: "normal",
  display: "swap",
  variable: "--font-serif-face",
  fallback: ["Georgia", "Cambria", "Times New Roman", "serif"],
  adjustFontFallback: "Times New Roman",
});
