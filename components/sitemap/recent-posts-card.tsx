import { SiteLink } from "@/components/ui/site-link";
import card from "@/components/ui/card.module.css";
import { ErrorBox } from "@/components/ui/error-box";
import type { BlogListResult } from "@/lib/blog";
import { formatPublishedDate } from "@/lib/dates";
import { SITEMAP_BLOG_ERROR_MESSAGE, SITEMAP_RECENT_POSTS } from "@/lib/sitemap-texts";
import styles from "./sitemap.module.css";

/** The sitemap's recent posts: the blog list's first page, at most nine, and its total. */
/** `timeZone`: the publication's, in which each post's date is told. */
export function RecentPostsCard({ list, timeZone }: { list: BlogListResult; timeZone: string }) {
  return (
    <section className={card.card} aria-labelledby="sitemap-recent-posts">
      <div className={styles.cardHead}>
        <h2 id="sitemap-recent-posts">Recent Blog Posts</h2>
        {list.status === "ok" ? (
          <span className={styles.total}>
            {list.total}
            <span className="visually-hidden"> posts in all</span>
          </span>
        ) : null}
      </div>
      {list.status === "error" ? (
        <ErrorBox message={SITEMAP_BLOG_ERROR_MESSAGE} />
      ) : list.blogs.length === 0 ? (
        <p className={card.muted}>No blog articles found</p>
      ) : (
        <ul className={styles.posts}>
          {list.blogs.slice(0, SITEMAP_RECENT_POSTS).map((blog) => (
            <li key={blog.slug}>
              <SiteLink href={`/blog/${blog.slug}`} className={styles.postLink}>
                {blog.metaTitle}
              </SiteLink>
              {blog.date ? (
                <time dateTime={blog.date} className={styles.postDate}>
                  {formatPublishedDate(blog.date, timeZone)}
                </time>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {list.status === "ok" && list.total > SITEMAP_RECENT_POSTS ? (
        <SiteLink href="/blog" className={`${card.button} ${styles.viewAll}`}>
          View All Blog Posts
        </SiteLink>
      ) : null}
    </section>
  );
}
