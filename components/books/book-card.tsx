"use client";

import { useEffect, useRef } from "react";
import type { Book } from "@/lib/content";
import styles from "./books.module.css";

export const PLACEHOLDER_COVER = "/books/placeholder.svg";

/** One book: cover (replaced by a local placeholder if it fails to load), title, store link. */
export function BookCard({ book }: { book: Book }) {
  const image = useRef<HTMLImageElement>(null);

  function showPlaceholder(img: HTMLImageElement) {
    if (!img.src.endsWith(PLACEHOLDER_COVER)) img.src = PLACEHOLDER_COVER;
  }

  // A cover can fail before hydration attaches onError; catch that case too.
  useEffect(() => {
    const img = image.current;
    if (img && img.complete && img.naturalWidth === 0) showPlaceholder(img);
  }, []);

  return (
    <li className={styles.card}>
      <a href={book.storeUrl} target="_blank" rel="noopener noreferrer" className={styles.link}>
        {/* eslint-disable-next-line @next/next/no-img-element -- small static SVG covers */}
        <img
          ref={image}
          src={book.cover}
          alt={book.title}
          width={400}
          height={600}
          loading="lazy"
          decoding="async"
          className={styles.cover}
          onError={(event) => showPlaceholder(event.currentTarget)}
        />
        <span className={styles.title}>{book.title}</span>
        <span className={styles.cta}>
          View on Amazon →<span className="visually-hidden"> (opens in a new tab)</span>
        </span>
      </a>
    </li>
  );
}
