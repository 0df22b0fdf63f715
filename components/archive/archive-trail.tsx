import { SiteLink } from "@/components/ui/site-link";
import styles from "./archive.module.css";

/**
 * Where an archive page sits: Archive › November 2026 › the day. The same trail as the
 * page's BreadcrumbList, without the home page the header links to already.
 */
export function ArchiveTrail({ trail }: { trail: readonly (readonly [string, string])[] }) {
  return (
    <nav aria-label="Breadcrumb" className={styles.trail}>
      <ol>
        {trail.map(([name, path], index) => (
          <li key={path}>
            {index === trail.length - 1 ? (
              <span aria-current="page">{name}</span>
            ) : (
              <SiteLink href={path}>{name}</SiteLink>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The nearest earlier and later pages (days or months) with headlines; none to empty ones. */
export function ArchiveSteps({
  label,
  previous,
  next,
}: {
  label: string;
  previous: { href: string; text: string } | null;
  next: { href: string; text: string } | null;
}) {
  if (!previous && !next) return null;
  return (
    <nav aria-label={label} className={styles.steps}>
      {previous ? (
        <SiteLink href={previous.href} rel="prev" className={styles.step}>
          <span aria-hidden="true">←</span>
          {previous.text}
        </SiteLink>
      ) : (
        <span />
      )}
      {next ? (
        <SiteLink href={next.href} rel="next" className={`${styles.step} ${styles.stepNext}`}>
          {next.text}
          <span aria-hidden="true">→</span>
        </SiteLink>
      ) : null}
    </nav>
  );
}
