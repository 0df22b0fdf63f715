"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import type { NavLink } from "@/lib/site";
import styles from "./site-header.module.css";
import { useHydrated } from "./use-hydrated";

/**
 * The News dropdown: opens on hover and closes on leave (the spec), and also works by
 * keyboard and touch: a real button with aria-expanded, Escape closes and returns focus
 * to the button, and focus leaving the menu closes it. A mouse click does not close what the
 * hover before it opened.
 *
 * Until scripts run (and for readers without them) it is a native <details>: the same look,
 * opened and closed by click, Enter or Space on its summary, with no script at all.
 */
export function NewsMenu({ links }: { links: readonly NavLink[] }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // A mouse pointer that clicks the button has already opened the menu by hovering it.
  const pointerType = useRef("");

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const list = (
    <ul className={styles.panelList}>
      {links.map((link) => (
        <li key={link.href}>
          <Link
            prefetch={false}
            href={link.href}
            className={styles.panelLink}
            onClick={() => setOpen(false)}
          >
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
  const label = (
    <>
      News <span aria-hidden="true" className={styles.caret} />
    </>
  );

  if (!hydrated) {
    return (
      <details className={styles.dropdown}>
        <summary className={`${styles.navLink} ${styles.summary}`}>{label}</summary>
        <div className={styles.panel}>{list}</div>
      </details>
    );
  }

  return (
    <div
      ref={wrapper}
      className={styles.dropdown}
      // Hover is a mouse's: a tap also sends mouseenter, and must toggle like a click instead.
      onPointerEnter={(event) => event.pointerType === "mouse" && setOpen(true)}
      onPointerLeave={(event) => event.pointerType === "mouse" && setOpen(false)}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={styles.navLink}
        aria-expanded={open}
        aria-controls={panelId}
        onPointerDown={(event) => (pointerType.current = event.pointerType)}
        onClick={(event) => {
          // A mouse click lands on a menu its hover just opened: keep it open (it closes on
          // leave). Touch and keys (detail 0) toggle.
          const hovering = pointerType.current === "mouse" && event.detail > 0;
          setOpen((value) => hovering || !value);
        }}
      >
        {label}
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        {list}
      </div>
    </div>
  );
}
