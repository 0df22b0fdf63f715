import type { Metadata } from "next";
import { BlogList, blogListMetadata } from "@/components/blog/blog-list";
import { NotFoundPage } from "@/components/not-found/not-found-page";
import { getBlogList } from "@/lib/blog";
import { publicationFromParams } from "@/lib/publication";

/**
 * /blog, the list's first page, and any deeper blog path no other route claims (posts are
 * app/blog/[slug], later list pages app/blog/page/[page]), which is 404.
 *
 * The list reads the blog host, so the offline build must not render it: an optional
 * catch-all with no static params renders on its first request and is then cached, and /blog
 * reaches it without a rewrite (rewrites cost every request of every page their matching).
 */
export const revalidate = 300;

export function generateStaticParams(): { rest: string[] }[] {
  return [];
}

type Props = { params: Promise<{ publication: string; rest?: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const publication = await publicationFromParams(params);
  return blogListMetadata(publication, (await params).rest ? null : 1);
}

export default async function BlogFirstPage({ params }: Props) {
  const publication = await publicationFromParams(params);
  const { rest } = await params;
  if (rest) return <NotFoundPage kind="site" path={`/blog/${rest.join("/")}`} />;
  return <BlogList publication={publication} page={1} list={await getBlogList(publication, 1)} />;
}
