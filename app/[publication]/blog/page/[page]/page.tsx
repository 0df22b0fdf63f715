import type { Metadata } from "next";
import { BlogList, isPastTheEnd } from "@/components/blog/blog-list";
import { NotFoundPage } from "@/components/not-found/not-found-page";
import { blogPageHref, getBlogList, parsePageNumber } from "@/lib/blog";
import { pageFor } from "@/lib/pages";
import { publicationFromParams } from "@/lib/publication";
import { notFoundMetadata, pageMetadata } from "@/lib/seo";

/**
 * The blog list's pages after the first: /blog/page/N (page 1 is /blog,
 * app/[publication]/blog/[[...rest]]; /blog/page/1 redirects there, proxy.ts). Every list page
 * is cached like any other page (incremental regeneration); the offline build renders none.
 * `page` values that are not plain whole numbers, and pages past the end, are 404.
 */
export const revalidate = 300;

export function generateStaticParams(): { page: string }[] {
  return [];
}

type Props = { params: Promise<{ publication: string; page: string }> };

/** The list page the address names, with what the blog answered for it; null where there is none. */
async function listPage(params: Props["params"]) {
  const publication = await publicationFromParams(params);
  const page = parsePageNumber((await params).page);
  const list = page ? await getBlogList(publication, page) : null;
  return { publication, shown: page && list && !isPastTheEnd(page, list) ? { page, list } : null };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { publication, shown } = await listPage(params);
  if (!shown) return notFoundMetadata("site");
  const blog = pageFor(publication, "/blog");
  return pageMetadata(publication, {
    ...blog,
    title: `${blog.title}, page ${shown.page}`,
    path: blogPageHref(shown.page),
  });
}

export default async function BlogListPage({ params }: Props) {
  const { publication, shown } = await listPage(params);
  if (!shown) return <NotFoundPage kind="site" path={`/blog/page/${(await params).page}`} />;
  return <BlogList publication={publication} page={shown.page} list={shown.list} />;
}
