import type { Metadata } from "next";
import { BlogList, blogListMetadata, isPastTheEnd } from "@/components/blog/blog-list";
import { NotFoundPage } from "@/components/not-found/not-found-page";
import { getBlogList } from "@/lib/blog";
import { parsePageNumber } from "@/lib/blog/pagination";
import { publicationFromParams } from "@/lib/publication";

/**
 * The blog list's pages after the first: /blog/page/N (page 1 is /blog, app/blog/[[...rest]];
 * /blog/page/1 redirects there, proxy.ts). Every list page is cached like any other page
 * (incremental regeneration); the offline build renders none. `page` values that are not
 * plain whole numbers, and pages past the end, are 404.
 */
export const revalidate = 300;

export function generateStaticParams(): { page: string }[] {
  return [];
}

type Props = { params: Promise<{ publication: string; page: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const publication = await publicationFromParams(params);
  return blogListMetadata(publication, parsePageNumber((await params).page));
}

export default async function BlogListPage({ params }: Props) {
  const publication = await publicationFromParams(params);
  const raw = (await params).page;
  const page = parsePageNumber(raw);
  const list = page ? await getBlogList(publication, page) : null;
  if (!page || !list || isPastTheEnd(page, list)) {
    return <NotFoundPage kind="site" path={`/blog/page/${raw}`} />;
  }
  return <BlogList publication={publication} page={page} list={list} />;
}
