import Link from "next/link";
import type { Brand } from "@/lib/publication/brand";
import { MAIN_NAV, NEWS_MENU } from "@/lib/site";
import { MobileMenu } from "./mobile-menu";
import { NewsMenu } from "./news-menu";
import { SearchForm } from "./search-form";
import styles from "./site-header.module.css";

/** Past this many characters a name is set smaller on phones, so it fits in three lines. */
const LONG_NAME = 30;

/**
 * Same on every page of a publication, rendered on the server: only the two menus are client
 * components (they hold state). As a client component the header pulled lib/site and the 15
 * sections' data into every page's JavaScript (34 kB gzip); its markup in the React payload
 * costs far less (docs/benchmarks.md).
 */
export function SiteHeader({ brand }: { brand: Brand }) {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link prefetch={false} href="/" className={styles.brand}>
          <span className={styles.brandMark} aria-hidden="true">
            {brand.initials}
          </span>
          <span className={styles.brandName} data-long={brand.name.length > LONG_NAME || undefined}>
            {brand.name}
          </span>
        </Link>
        <nav aria-label="Main" className={styles.desktop}>
          <ul className={styles.navList}>
            <li>
              <Link prefetch={false} href="/" className={styles.navLink}>
                Home
              </Link>
            </li>
            <li>
              <NewsMenu links={NEWS_MENU} />
            </li>
            {MAIN_NAV.map((link) => (
              <li key={link.href}>
                <Link prefetch={false} href={link.href} className={styles.navLink}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <SearchForm id="search-desktop" />
        </nav>
        <MobileMenu
          newsLinks={NEWS_MENU}
          mainLinks={MAIN_NAV}
          search={<SearchForm id="search-mobile" className={styles.mobileSearch} />}
        />
      </div>
    </header>
  );
}
