import { SiteLink } from "@/components/ui/site-link";
import { pageItems } from "@/lib/blog";
import styles from "./pagination.module.css";

/**
 * Numbered pages as real links (`hrefOf(n)`), so crawlers reach every page and the list works
 * without JavaScript: Previous, the first, the last and the pages around the current one, Next.
 * Previous and Next are shown disabled at the ends; nothing for one page. `label` names the
 * navigation ("Blog pages").
 */
export function Pagination({
  label,
  page,
  totalPages,
  hrefOf,
}: {
  label: string;
  page: number;
  totalPages: number;
  hrefOf: (page: number) => string;
}) {
  if (totalPages <= 1) return null;
  const items = pageItems(page, totalPages);
  return (
    <nav aria-label={label} className={styles.pagination}>
      <PageStep label="Previous" href={page > 1 ? hrefOf(page - 1) : null} />
      <ol className={styles.pageList}>
        {items.map((item, index) =>
          item === "gap" ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              ...
            </li>
          ) : (
            <li key={item}>
              <SiteLink
                href={hrefOf(item)}
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
      <PageStep label="Next" href={page < totalPages ? hrefOf(page + 1) : null} />
    </nav>
  );
}

function PageStep({ label, href }: { label: "Previous" | "Next"; href: string | null }) {
  const text = label === "Previous" ? `← ${label}` : `${label} →`;
  if (href === null) {
    return (
      <span className={styles.step} aria-disabled="true" data-disabled="">
        {text}
      </span>
    );
  }
  return (
    <SiteLink href={href} className={styles.step} rel={label === "Next" ? "next" : "prev"}>
      {text}
    </SiteLink>
  );
}
