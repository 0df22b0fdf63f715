import Link from "next/link";
import { SECTIONS } from "@/lib/news/sections";
import styles from "./home.module.css";

/** "News Sections": a card linking to every section. */
export function SectionGrid() {
  return (
    <ul className={styles.sectionGrid}>
      {SECTIONS.map((section) => (
        <li key={section.slug}>
          <Link href={`/${section.slug}`} className={styles.sectionCard}>
            <span className={styles.sectionTitle}>{section.title}</span>
            <span className={styles.sectionSubtitle}>{section.subtitle}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
