import { SiteLink } from "@/components/ui/site-link";
import { blogPageHref, pageItems } from "@/lib/blog";
import styles from "./blog.module.css";

/**
 * Real links (/blog/page/N) so crawlers reach every post and the list works without
 * JavaScript. Previous and Next are shown disabled at the ends; hidden for one page.
 */
export function BlogPagination({ page, totalPages }: { page: number; totalPages: number }) {
  if (totalPages <= 1) return null;
  const items = pageItems(page, totalPages);
  return (
    <nav aria-label="Blog pages" className={styles.pagination}>
      <PageStep label="Previous" target={page > 1 ? page - 1 : null} />
      <ol className={styles.pageList}>
        {items.map((item, index) =>
          item === "gap" ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              ...
            </li>
          ) : (
            <li key={item}>
              <SiteLink
                href={blogPageHref(item)}
                className={styles.pageLink}
                aria-current={item === page ? "page" : undefined}
                aria-label={`Page ${item}`}
              >
                {item}
              </SiteLink>
            </li>
          ),
        )}
      </ol>
      <PageStep label="Next" target={page < totalPages ? page + 1 : null} />
    </nav>
  );
}

function PageStep({ label, target }: { label: "Previous" | "Next"; target: number | null }) {
  const text = label === "Previous" ? `← ${label}` : `${label} →`;
  if (target === null) {
    return (
      <span className={styles.step} aria-disabled="true" data-disabled="">
        {text}
      </span>
    );
  }
  return (
    <SiteLink
      href={blogPageHref(target)}
      className={styles.step}
      rel={label === "Next" ? "next" : "prev"}
    >
      {text}
    </SiteLink>
  );
}
