import { SiteLink } from "@/components/ui/site-link";
import { SECTIONS } from "@/lib/news";
import { localize, type Publication } from "@/lib/publication";
import styles from "./home.module.css";

/** "News Sections": a card linking to every section. */
export function SectionGrid({ publication }: { publication: Publication }) {
  return (
    <ul className={styles.sectionGrid}>
      {localize([...SECTIONS], publication).map((section) => (
        <li key={section.slug}>
          <SiteLink href={`/${section.slug}`} className={styles.sectionCard}>
            <span className={styles.sectionTitle}>{section.title}</span>
            <span className={styles.sectionSubtitle}>{section.subtitle}</span>
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}
