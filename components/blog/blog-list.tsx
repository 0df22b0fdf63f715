import { BlogCard } from "@/components/blog/blog-card";
import styles from "@/components/blog/blog.module.css";
import { JsonLd } from "@/components/seo/json-ld";
import { AdSlot } from "@/components/ui/ad-slot";
import { ErrorBox } from "@/components/ui/error-box";
import cardGrid from "@/components/ui/card-grid.module.css";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { BLOG_COPY, blogPageHref, type BlogListResult } from "@/lib/blog";
import { localize, type Publication } from "@/lib/publication";
import { breadcrumbJsonLd } from "@/lib/seo";

/** A page after the last one (page 1 always exists: it says when there are no posts). */
export function isPastTheEnd(page: number, list: BlogListResult): boolean {
  return list.status === "ok" && page > Math.max(list.totalPages, 1);
}

/**
 * One page of the blog list (app/[publication]/blog/[[...rest]] renders page 1 at /blog,
 * app/[publication]/blog/page/[page] the others), for a page that exists: `list` is what the
 * blog source answered for it.
 */
export function BlogList({
  publication,
  page,
  list,
}: {
  publication: Publication;
  page: number;
  list: BlogListResult;
}) {
  const copy = localize(BLOG_COPY, publication);
  return (
    <div className="container">
      <JsonLd
        data={breadcrumbJsonLd(
          publication,
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
      <PageHeader title={copy.title} subtitle={copy.subtitle} />
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
          <ul className={`${cardGrid.grid} ${cardGrid.upToThree}`}>
            {list.blogs.map((blog) => (
              <BlogCard key={blog.slug} blog={blog} />
            ))}
          </ul>
          <Pagination
            label="Blog pages"
            page={page}
            totalPages={list.totalPages}
            hrefOf={blogPageHref}
          />
        </>
      )}
      <AdSlot placement="middle" town={publication.town} wideOnly />
    </div>
  );
}
