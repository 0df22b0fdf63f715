import type { Metadata } from "next";
import { NotFoundBody } from "@/components/not-found/not-found-page";
import { notFoundMetadata } from "@/lib/seo";

/**
 * An address no route has, outside every publication (an unknown /api/ or /photo/ address):
 * the generic page, with no publication's name. A publication's own 404 is
 * app/[publication]/not-found.tsx and the pages that answer 404 themselves (NotFoundPage).
 */
export const metadata: Metadata = notFoundMetadata("site");

export default function NotFound() {
  return (
    <main id="main" className="site-main">
      <NotFoundBody kind="site" />
    </main>
  );
}
