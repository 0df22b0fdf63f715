import type { Metadata } from "next";
import Link from "next/link";
import styles from "./status-page.module.css";

export const metadata: Metadata = {
  title: "Page not found",
  robots: { index: false, follow: true },
};

export default function NotFound() {
  return (
    <div className={styles.page}>
      <p className={styles.code}>404</p>
      <h1 className={styles.title}>Oops! Page not found</h1>
      <p className={styles.text}>The page you asked for has moved, expired or never existed.</p>
      <Link href="/" className={styles.button}>
        Return to Home
      </Link>
    </div>
  );
}
