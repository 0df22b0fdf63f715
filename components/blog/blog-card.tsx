import { SiteLink } from "@/components/ui/site-link";
import type { BlogSummary } from "@/lib/blog";
import styles from "./blog.module.css";

export function BlogCard({ blog }: { blog: BlogSummary }) {
  return (
    <li className={styles.card}>
      {blog.logoUrl ? (
        // Logos come from the blog's host at unknown sizes: a plain, fixed-size <img>.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={blog.logoUrl}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          decoding="async"
          className={styles.logo}
        />
      ) : null}
      <h2 className={styles.cardTitle}>{blog.metaTitle}</h2>
      {blog.metaDescription ? <p className={styles.cardText}>{blog.metaDescription}</p> : null}
      <SiteLink href={`/blog/${blog.slug}`} className={styles.readArticle}>
        Read Article<span className="visually-hidden">: {blog.metaTitle}</span>
        <span aria-hidden="true"> →</span>
      </SiteLink>
    </li>
  );
}
