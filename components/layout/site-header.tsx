import { SearchForm } from "@/components/search/search-form";
import { SiteLink } from "@/components/ui/site-link";
import { HOME_LINK, MAIN_NAV, NEWS_MENU } from "@/lib/pages";
import type { Brand } from "@/lib/publication";
import { MobileMenu } from "./mobile-menu";
import { NewsMenu } from "./news-menu";
import styles from "./site-header.module.css";

/** Past this many characters a name is set smaller on phones, so it fits in three lines. */
const LONG_NAME = 30;

/**
 * Same on every page of a publication, rendered on the server: only the two menus are client
 * components (they hold state), so the menus' data stays out of every page's JavaScript
 * (docs/benchmarks.md, "Figures moved from code comments").
 */
export function SiteHeader({ brand }: { brand: Brand }) {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <SiteLink href="/" className={styles.brand}>
          <span className={styles.brandMark} aria-hidden="true">
            {brand.initials}
          </span>
          <span className={styles.brandName} data-long={brand.name.length > LONG_NAME || undefined}>
            {brand.name}
          </span>
        </SiteLink>
        <nav aria-label="Main" className={styles.desktop}>
          <ul className={styles.navList}>
            <li>
              <SiteLink href={HOME_LINK.href} className={styles.navLink}>
                {HOME_LINK.label}
              </SiteLink>
            </li>
            <li>
              <NewsMenu links={NEWS_MENU} />
            </li>
            {MAIN_NAV.map((link) => (
              <li key={link.href}>
                <SiteLink href={link.href} className={styles.navLink}>
                  {link.label}
                </SiteLink>
              </li>
            ))}
          </ul>
          <SearchForm id="search-desktop" />
        </nav>
        <MobileMenu
          homeLink={HOME_LINK}
          newsLinks={NEWS_MENU}
          mainLinks={MAIN_NAV}
          search={<SearchForm id="search-mobile" className={styles.mobileSearch} />}
        />
      </div>
    </header>
  );
}
