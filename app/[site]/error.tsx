"use client";

import Link from "next/link";
import styles from "@/components/ui/status-page.module.css";

/** The spec's default error screen for unexpected errors inside a page. */
export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Unexpected Application Error!</h1>
      <p className={styles.text}>
        {error.message || "Something went wrong while loading this page."}
      </p>
      {error.digest ? <p className={styles.digest}>Reference: {error.digest}</p> : null}
      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={reset}>
          Try again
        </button>
        <Link href="/" className={styles.secondary}>
          Return to Home
        </Link>
      </div>
    </div>
  );
}
