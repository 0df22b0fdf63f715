import { notFound } from "next/navigation";
import { Suspense } from "react";
import { NotFoundMessage } from "@/components/ui/not-found-message";
import { NOT_FOUND_PAGES, type NotFoundKind } from "@/lib/not-found";

/** A not-found page's body: the texts of lib/not-found.ts. */
export function NotFoundBody({ kind }: { kind: NotFoundKind }) {
  const { title, text, back } = NOT_FOUND_PAGES[kind];
  return <NotFoundMessage title={title} text={text} back={back} />;
}

/**
 * What a page renders for an address it does not know (an unknown post, a list page past the
 * end), instead of calling notFound() itself.
 *
 * Next.js 16 answers a page that throws notFound() with status 404 and an empty error shell
 * (`<html id="__next_error__">`): React's server rendering runs no error boundaries, so the
 * not-found page and the layout around it are drawn by the browser only (vercel/next.js#62228).
 * Here the page renders the not-found body itself, so the HTML holds the layout and the texts,
 * and notFound() is thrown inside its own Suspense boundary, where it only sets the status:
 * Next's prerender keeps the content outside the boundary and answers 404 (app-render's
 * `setHTTPAccessFallbackOrRedirectStatus`). In the browser that boundary renders the segment's
 * not-found.tsx, which shows the same body.
 *
 * Only for cached (incremental) pages: those are prerendered before the answer is sent.
 */
export function NotFoundPage({ kind }: { kind: NotFoundKind }) {
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
