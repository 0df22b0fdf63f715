"use client";

import { SiteLink } from "@/components/ui/site-link";
import { useEffect, useRef } from "react";
import type { NavLink } from "@/lib/pages";
import styles from "./site-header.module.css";
import { useDetails } from "./use-details";

/**
 * The News dropdown: opens on hover and closes on leave (the spec), and also works by
 * keyboard and touch.
 *
 * It is a native <details> from the server's HTML on, with or without scripts: its <summary>
 * is the button, and opening, the expanded state that assistive technology reads, Enter and
 * Space are the browser's. Scripts add what the browser does not do: hover opens and leave
 * closes, Escape closes and returns focus to the summary, and focus or a pointer going
 * elsewhere closes. A mouse click does not close what the hover before it opened.
 *
 * It stays the same element when React hydrates: the scripted form is the same markup with
 * handlers, so nothing in the header is taken down and built again after the first paint.
 */
export function NewsMenu({ links }: { links: readonly NavLink[] }) {
  const { ref: details, open, setOpen, onToggle } = useDetails();
  const summary = useRef<HTMLElement>(null);
  // A mouse pointer that clicks the summary has already opened the menu by hovering it.
  const pointerType = useRef("");

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!details.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, details, setOpen]);

  return (
    <details
      ref={details}
      className={styles.dropdown}
      onToggle={onToggle}
      // Hover is a mouse's: a tap also sends pointerenter, and must toggle like a click instead.
      onPointerEnter={(event) => event.pointerType === "mouse" && setOpen(true)}
      onPointerLeave={(event) => event.pointerType === "mouse" && setOpen(false)}
      onKeyDown={(event) => {
        if (event.key === "Escape" && event.currentTarget.open) {
          setOpen(false);
          summary.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <summary
        ref={summary}
        className={`${styles.navLink} ${styles.summary}`}
        onPointerDown={(event) => (pointerType.current = event.pointerType)}
        onClick={(event) => {
          // A mouse click lands on a menu its hover just opened: keep it open (it closes on
          // leave). Touch and keys (detail 0) toggle, which is the browser's own.
          if (pointerType.current === "mouse" && event.detail > 0) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        News <span aria-hidden="true" className={styles.caret} />
      </summary>
      <div className={styles.panel}>
        <ul className={styles.panelList}>
          {links.map((link) => (
            <li key={link.href}>
              <SiteLink
                href={link.href}
                className={styles.panelLink}
                onClick={() => setOpen(false)}
              >
                {link.label}
              </SiteLink>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
