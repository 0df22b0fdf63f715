import { SiteLink } from "@/components/ui/site-link";
import { FOOTER_SECTION_SLUGS, getSection } from "@/lib/news";
import { FOOTER_LINKS } from "@/lib/pages";
import type { FooterProps, NavLink } from "@/lib/publication";
import styles from "./site-footer.module.css";
import { ExternalLink } from "@/components/ui/external-link";

function ExternalLinks({ title, links }: { title: string; links: readonly NavLink[] }) {
  return (
    <div>
      <h2 className={styles.heading}>{title}</h2>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link.href}>
            <ExternalLink href={link.href}>{link.label}</ExternalLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The footer is the same on every page of a publication, rendered on the server: it has no
 * state, and as a client component it brought the sections' data into every page's JavaScript.
 */
export function SiteFooter({ name, tagline, network, partners, social }: FooterProps) {
  const sections = FOOTER_SECTION_SLUGS.map((slug) => getSection(slug)!);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <p className={styles.brand}>{name}</p>
          <p>{tagline}.</p>
          <p className={styles.network}>
            Part of the {network.name}, a global network of{" "}
            {network.publications.toLocaleString("en-US")} publications.
          </p>
        </div>
        <div>
          <h2 className={styles.heading}>Sections</h2>
          <ul className={`${styles.list} ${styles.columns}`}>
            {sections.map((section) => (
              <li key={section.slug}>
                <SiteLink href={`/${section.slug}`}>{section.label}</SiteLink>
              </li>
            ))}
          </ul>
        </div>
        {partners.length > 0 && <ExternalLinks title="Our partners" links={partners} />}
        {social.length > 0 && <ExternalLinks title="Follow us" links={social} />}
      </div>
      <div className={styles.legal}>
        <p>
          © {new Date().getFullYear()} {name}. All rights reserved.
        </p>
        <ul className={styles.legalLinks}>
          {FOOTER_LINKS.map((link) => (
            <li key={link.href}>
              <SiteLink href={link.href}>{link.label}</SiteLink>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
