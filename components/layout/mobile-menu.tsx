"use client";

import { SiteLink } from "@/components/ui/site-link";
import { usePathname } from "next/navigation";
import { useEffect, useRef, type ReactNode } from "react";
import type { NavLink } from "@/lib/pages";
import styles from "./site-header.module.css";
import { useDetails } from "./use-details";

/**
 * Below 1024 px the navigation collapses into this toggle list; a link click closes it.
 *
 * It is a native <details> with or without scripts, so the links are one tap away before
 * (or without) any script, and its <summary> is the toggle whose expanded state assistive
 * technology reads from the browser. Scripts add closing on Escape, on a link click and on
 * any route change. The element is the same before and after React hydrates: nothing in the
 * header is taken down and built again after the first paint.
 */
export function MobileMenu({
  homeLink,
  newsLinks,
  mainLinks,
  search,
}: {
  homeLink: NavLink;
  newsLinks: readonly NavLink[];
  mainLinks: readonly NavLink[];
  search: ReactNode;
}) {
  const { ref, setOpen, onToggle } = useDetails();
  const pathname = usePathname();

  // Close when the route changes by any means (back button, a link elsewhere); not when React
  // hydrates, which would shut a menu the reader opened before the scripts arrived.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    setOpen(false);
  }, [pathname, setOpen]);

  // Escape closes it wherever focus is.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") setOpen(false);
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [setOpen]);

  const close = () => setOpen(false);

  return (
    <details ref={ref} className={styles.mobile} onToggle={onToggle}>
      <summary className={`${styles.menuButton} ${styles.summary}`}>
        <span aria-hidden="true" className={styles.burger} />
        <span className={styles.whenClosed}>Menu</span>
        <span className={styles.whenOpen}>Close</span>
      </summary>
      <nav id="mobile-menu" aria-label="Mobile" className={styles.mobilePanel}>
        {search}
        <LinkList links={[homeLink]} onFollow={close} className={styles.mobileList} />
        <p className={styles.mobileHeading}>News</p>
        <LinkList
          links={newsLinks}
          onFollow={close}
          className={`${styles.mobileList} ${styles.mobileGrid}`}
        />
        <LinkList links={mainLinks} onFollow={close} className={styles.mobileList} />
      </nav>
    </details>
  );
}

function LinkList({
  links,
  onFollow,
  className,
}: {
  links: readonly NavLink[];
  onFollow: () => void;
  className?: string;
}) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.href}>
          <SiteLink href={link.href} onClick={onFollow}>
            {link.label}
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}
