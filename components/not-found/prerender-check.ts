/**
 * The one place the project reads Next.js internals: a workaround for vercel/next.js#62228
 * ("404 page isn't server rendered when using notFound()").
 *
 * Next.js 16 answers a page that throws notFound() with status 404 and an empty error shell
 * (`<html id="__next_error__">`): the not-found page and the layout around it are drawn by the
 * browser only, so readers without JavaScript and crawlers get a blank page. NotFoundPage
 * (not-found-page.tsx) renders the not-found body itself and throws notFound() inside a
 * Suspense boundary, which then only sets the status. That holds when Next prerenders the page
 * for its cache; in a render done per request the status would stay 200, so there it throws a
 * plain notFound(). No public API tells the two renders apart, hence this import.
 *
 * e2e/not-found.spec.ts holds a test that fails once Next renders a plain notFound() whole
 * (the bug fixed): this file and the Suspense boundary can then go.
 */
import { workUnitAsyncStorage } from "next/dist/server/app-render/work-unit-async-storage.external";

/** True while Next prerenders the page for its cache (incremental regeneration). */
export function isPrerendering(): boolean {
  return workUnitAsyncStorage.getStore()?.type.startsWith("prerender") ?? false;
}
