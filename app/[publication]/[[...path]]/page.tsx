import type { Metadata } from "next";
import { HomePage, homeMetadata } from "@/components/home/home-page";
import { NotFoundPage } from "@/components/not-found/not-found-page";
import { publicationFromParams } from "@/lib/publication";
import { notFoundMetadata } from "@/lib/seo";

/**
 * "/" and every deeper path no other route claims (single segments end in app/[section]).
 *
 * The home page reads live headlines, so it must not be rendered by the build, which is
 * offline; a route at app/page.tsx would be. As an optional catch-all with no static params it
 * renders on its first request and is then cached like the section pages, and "/" reaches it
 * without a rewrite (a rewrite costs every request of the home page its matching, about a tenth
 * of the server's time per cached page).
 *
 * Any other path here is unknown: it is logged on the server (the spec's not-found page logs
 * it) and answered with status 404, in full in the HTML. A cached route on purpose:
 * NotFoundPage needs the prerender (see there), and lib/cache/cache-handler.mjs keeps 404 answers in
 * memory, so random addresses never fill the disk.
 */
export const revalidate = 300;

export function generateStaticParams(): { path: string[] }[] {
  return [];
}

type Props = { params: Promise<{ publication: string; path?: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const publication = await publicationFromParams(params);
  return (await params).path ? notFoundMetadata("site") : homeMetadata(publication);
}

export default async function CatchAllPage({ params }: Props) {
  const publication = await publicationFromParams(params);
  const { path } = await params;
  if (!path) return <HomePage publication={publication} />;
  return <NotFoundPage kind="site" path={`/${path.join("/")}`} />;
}
