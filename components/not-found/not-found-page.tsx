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
 * end), instead of calling notFound() itself: the whole not-found body in the HTML, with status
 * 404 (why and how: prerender-check.ts, vercel/next.js#62228). `path` is the address asked for:
 * it is logged on the server (the spec's not-found page logs it), once per render, so a 404 kept
 * in the cache is not logged again on every request.
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
