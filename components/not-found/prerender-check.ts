/**
 * The one place the project reads Next.js internals, and the one place the not-found workaround
 * is explained: vercel/next.js#62228 ("404 page isn't server rendered when using notFound()").
 *
 * Next.js 16 answers a page that throws notFound() with status 404 and an empty error shell
 * (`<html id="__next_error__">`): React's server rendering runs no error boundaries, so the
 * not-found page and the layout around it are drawn by the browser only, and readers without
 * JavaScript and crawlers get a blank page. NotFoundPage (not-found-page.tsx) therefore renders
 * the not-found body itself, so the HTML holds the layout and the texts, and throws notFound()
 * inside its own Suspense boundary, where it only sets the status: Next's prerender keeps the
 * content outside the boundary and answers 404 (app-render's
 * `setHTTPAccessFallbackOrRedirectStatus`). In the browser that boundary renders the segment's
 * not-found.tsx, which shows the same body.
 *
 * That holds only when Next prerenders the page for its cache. Next renders some requests to
 * the same routes per request (a form POST, an address the route's pattern does not match, like
 * `/a/%0A`), and there a notFound() inside a boundary would leave the status at 200: those get a
 * plain notFound() (status 404, Next's error shell). No public API tells the two renders apart,
 * hence this import.
 *
 * e2e/not-found.spec.ts holds a test that fails once Next renders a plain notFound() whole
 * (the bug fixed): this file and the Suspense boundary can then go.
 */
import { workUnitAsyncStorage } from "next/dist/server/app-render/work-unit-async-storage.external";

/** True while Next prerenders the page for its cache (incremental regeneration). */
export function isPrerendering(): boolean {
  return workUnitAsyncStorage.getStore()?.type.startsWith("prerender") ?? false;
}
