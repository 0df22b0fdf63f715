import card from "@/components/ui/card.module.css";
import { SITEMAP_QUICK_LINKS } from "@/lib/sitemap-texts";
import styles from "./sitemap.module.css";

/** Links to the machine-readable views; plain anchors, since they are files, not pages. */
export function QuickLinksCard() {
  return (
    <section className={card.card} aria-labelledby="sitemap-quick-links">
      <h2 id="sitemap-quick-links">Quick Links</h2>
      <ul className={card.linkList}>
        {SITEMAP_QUICK_LINKS.map((link) => (
          <li key={link.href}>
            <a href={link.href} className={styles.quickLink}>
              {link.label}
            </a>
            <span className={styles.quickPath}>{link.href}</span>
            <span className={styles.quickDescription}>{link.description}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
