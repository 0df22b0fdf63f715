import { notFound } from "next/navigation";
import { Suspense } from "react";
import { NotFoundMessage } from "@/components/ui/not-found-message";
import { logNotFound } from "@/lib/ops";
import { NOT_FOUND_PAGES, type NotFoundKind } from "@/lib/seo";
import { isPrerendering } from "./prerender-check";

/** A not-found page's body: the texts of lib/seo/not-found.ts. */
export function NotFoundBody({ kind }: { kind: NotFoundKind }) {
  const { title, text, back } = NOT_FOUND_PAGES[kind];
  return <NotFoundMessage title={title} text={text} back={back} />;
}

/**
 * What a page renders for an address it does not know (an unknown post, a list page past the
 * end), instead of calling notFound() itself. `path` is the address asked for: it is logged on
 * the server (the spec's not-found page logs it), once per render, so a 404 kept in the cache
 * is not logged again on every request.
 *
 * Next.js 16 answers a page that throws notFound() with status 404 and an empty error shell
 * (`<html id="__next_error__">`): React's server rendering runs no error boundaries, so the
 * not-found page and the layout around it are drawn by the browser only (vercel/next.js#62228;
 * the workaround's one internal read is isolated in prerender-check.ts).
 * Here the page renders the not-found body itself, so the HTML holds the layout and the texts,
 * and notFound() is thrown inside its own Suspense boundary, where it only sets the status:
 * Next's prerender keeps the content outside the boundary and answers 404 (app-render's
 * `setHTTPAccessFallbackOrRedirectStatus`). In the browser that boundary renders the segment's
 * not-found.tsx, which shows the same body.
 *
 * That holds only when the page is prerendered for the cache. Next renders some requests to
 * the same routes per request (a form POST, an address the route's pattern does not match, like
 * `/a/%0A`), and there a notFound() inside a boundary would leave the status at 200: those get a
 * plain notFound() (status 404, Next's error shell).
 */
export function NotFoundPage({ kind, path }: { kind: NotFoundKind; path: string }) {
  logNotFound(path);
  if (!isPrerendering()) notFound();
  return (
    <>
      <NotFoundBody kind={kind} />
      <Suspense fallback={null}>
        <NotFoundStatus />
      </Suspense>
    </>
  );
}

async function NotFoundStatus(): Promise<never> {
  notFound();
}
