import { NotFoundPage } from "@/components/not-found/not-found-page";
import { logNotFound } from "@/lib/log";
import { notFoundMetadata } from "@/lib/not-found";

/**
 * Every deeper path no other route claims ends here (single segments end in app/[section]):
 * the attempted path is logged on the server (the spec's not-found page logs it) and the
 * not-found page answers with status 404, in full in the HTML.
 *
 * A cached route like the others, on purpose: NotFoundPage needs the prerender (see there),
 * and lib/cache-handler.mjs keeps these answers in memory, so addresses never fill the disk.
 */
export const revalidate = 300;

export function generateStaticParams(): { missing: string[] }[] {
  return [];
}

export const metadata = notFoundMetadata("site");

export default async function MissingPage({ params }: { params: Promise<{ missing: string[] }> }) {
  const { missing } = await params;
  logNotFound(`/${missing.join("/")}`);
  return <NotFoundPage kind="site" />;
}
