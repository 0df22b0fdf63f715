"use client";

import Link from "next/link";
import { FOOTER_SECTION_SLUGS, getSection } from "@/lib/news/sections";
import { PARTNER_SITES, SITE, SOCIAL_LINKS, type NavLink } from "@/lib/site";
import styles from "./site-footer.module.css";

function ExternalLinks({ title, links }: { title: string; links: readonly NavLink[] }) {
  return (
    <div>
      <h2 className={styles.heading}>{title}</h2>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The footer is the same on every page and has nothing from the request in it: as a client
 * component (without props) it is written once in the page's HTML and, in the React payload,
 * as a reference to its code instead of a second copy of its markup (4 kB on every page).
 */
export function SiteFooter() {
  const sections = FOOTER_SECTION_SLUGS.map((slug) => getSection(slug)!);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <p className={styles.brand}>{SITE.name}</p>
          <p>{SITE.tagline}.</p>
          <p className={styles.network}>
            Part of the {SITE.network.name}, a global network of{" "}
            {SITE.network.publications.toLocaleString("en-US")} publications.
          </p>
        </div>
        <div>
          <h2 className={styles.heading}>Sections</h2>
          <ul className={`${styles.list} ${styles.columns}`}>
            {sections.map((section) => (
              <li key={section.slug}>
                <Link href={`/${section.slug}`}>{section.label}</Link>
              </li>
            ))}
          </ul>
        </div>
        <ExternalLinks title="Our partners" links={PARTNER_SITES} />
        <ExternalLinks title="Follow us" links={SOCIAL_LINKS} />
      </div>
      <div className={styles.legal}>
        <p>
          © {new Date().getFullYear()} {SITE.name}. All rights reserved.
        </p>
        <ul className={styles.legalLinks}>
          <li>
            <Link href="/privacy">Privacy Policy</Link>
          </li>
          <li>
            <Link href="/terms">Terms of Service</Link>
          </li>
          <li>
            <Link href="/sitemap">Sitemap</Link>
          </li>
          <li>
            <Link href="/contact">Contact Us</Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
