"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import type { NavLink } from "@/lib/site";
import styles from "./site-header.module.css";
import { useHydrated } from "./use-hydrated";

/**
 * Below 1024 px the navigation collapses into this toggle list; a link click closes it.
 *
 * Until scripts run (and for readers without them) the toggle is a native <details>, so the
 * links are one tap away with no script; a link then loads a page whose menu starts closed.
 * Once hydrated it becomes a button with aria-expanded that also closes on Escape, on a link
 * click and on any route change.
 */
export function MobileMenu({
  newsLinks,
  mainLinks,
  search,
}: {
  newsLinks: readonly NavLink[];
  mainLinks: readonly NavLink[];
  search: ReactNode;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const pathname = usePathname();

  // Close when the route changes by any means (back button, a link elsewhere).
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") setOpen(false);
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  const close = () => setOpen(false);

  const menu = (
    <nav
      id="mobile-menu"
      aria-label="Mobile"
      className={styles.mobilePanel}
      hidden={hydrated && !open}
    >
      {search}
      <ul className={styles.mobileList}>
        <li>
          <Link prefetch={false} href="/" onClick={close}>
            Home
          </Link>
        </li>
      </ul>
      <p className={styles.mobileHeading}>News</p>
      <LinkList
        links={newsLinks}
        onFollow={close}
        className={`${styles.mobileList} ${styles.mobileGrid}`}
      />
      <LinkList links={mainLinks} onFollow={close} className={styles.mobileList} />
    </nav>
  );

  if (!hydrated) {
    // <details> shows its content only when open: the nav is not `hidden` in this form.
    return (
      <details className={styles.mobile}>
        <summary className={`${styles.menuButton} ${styles.summary}`}>
          <span aria-hidden="true" className={styles.burger} />
          <span className={styles.whenClosed}>Menu</span>
          <span className={styles.whenOpen}>Close</span>
        </summary>
        {menu}
      </details>
    );
  }

  return (
    <div className={styles.mobile}>
      <button
        type="button"
        className={styles.menuButton}
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true" className={styles.burger} data-open={open} />
        {open ? "Close" : "Menu"}
      </button>
      {menu}
    </div>
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
          <Link prefetch={false} href={link.href} onClick={onFollow}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
