import type { Metadata } from "next";
import { BlogCard } from "@/components/blog/blog-card";
import { BlogPagination } from "@/components/blog/blog-pagination";
import styles from "@/components/blog/blog.module.css";
import { NotFoundPage } from "@/components/not-found/not-found-page";
import { JsonLd } from "@/components/seo/json-ld";
import { AdSlot } from "@/components/ui/ad-slot";
import { ErrorBox } from "@/components/ui/error-box";
import { PageHeader } from "@/components/ui/page-header";
import { getBlogList, type BlogListResult } from "@/lib/blog";
import { blogPageHref, parsePageNumber } from "@/lib/blog/pagination";
import { BLOG_COPY } from "@/lib/blog/copy";
import { logNotFound } from "@/lib/log";
import { notFoundMetadata } from "@/lib/not-found";
import { pageMetadata } from "@/lib/seo";
import { breadcrumbJsonLd } from "@/lib/structured-data";

/**
 * The blog list: /blog/page/N, and /blog itself for page 1 (rewritten here by next.config.ts,
 * so the offline build skips it and it renders on its first request). Every list page is
 * cached like any other page (incremental regeneration). `page` values that are not plain
 * whole numbers, and pages past the end, are 404.
 */
export const revalidate = 300;

export function generateStaticParams(): { page: string }[] {
  return [];
}

type Props = { params: Promise<{ page: string }> };

/** A page after the last one (page 1 always exists: it says when there are no posts). */
function isPastTheEnd(page: number, list: BlogListResult): boolean {
  return list.status === "ok" && page > Math.max(list.totalPages, 1);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = parsePageNumber((await params).page);
  if (!page) return notFoundMetadata("site");
  const list = await getBlogList(page);
  if (isPastTheEnd(page, list)) return notFoundMetadata("site");
  return pageMetadata({
    title: page === 1 ? BLOG_COPY.title : `${BLOG_COPY.title}, page ${page}`,
    description: BLOG_COPY.description,
    path: blogPageHref(page),
  });
}

export default async function BlogListPage({ params }: Props) {
  const raw = (await params).page;
  const page = parsePageNumber(raw);
  const list = page ? await getBlogList(page) : null;
  if (!page || !list || isPastTheEnd(page, list)) {
    logNotFound(`/blog/page/${raw}`);
    return <NotFoundPage kind="site" />;
  }

  return (
    <div className="container">
      <JsonLd
        data={breadcrumbJsonLd(
          page === 1
            ? [
                ["Home", "/"],
                [BLOG_COPY.title, "/blog"],
              ]
            : [
                ["Home", "/"],
                [BLOG_COPY.title, "/blog"],
                [`Page ${page}`, blogPageHref(page)],
              ],
        )}
      />
      <PageHeader title={BLOG_COPY.title} subtitle={BLOG_COPY.subtitle} />
      {list.status === "error" ? (
        <ErrorBox message={list.message} />
      ) : list.total === 0 ? (
        <div className={styles.empty}>
          <h2>No blog articles found</h2>
          <p>Check back later for new content from our publication.</p>
        </div>
      ) : (
        <>
          <p className={styles.count}>{`${list.total} articles available`}</p>
          <ul className={styles.grid}>
            {list.blogs.map((blog) => (
              <BlogCard key={blog.slug} blog={blog} />
            ))}
          </ul>
          <BlogPagination page={page} totalPages={list.totalPages} />
        </>
      )}
      <AdSlot placement="middle" wideOnly />
    </div>
  );
}
