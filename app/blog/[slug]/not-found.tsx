import type { Metadata } from "next";
import Link from "next/link";
import styles from "../../status-page.module.css";

export const metadata: Metadata = {
  title: "Blog post not found",
  robots: { index: false, follow: true },
};

export default function BlogPostNotFound() {
  return (
    <div className={styles.page}>
      <p className={styles.code}>404</p>
      <h1 className={styles.title}>Blog post not found</h1>
      <p className={styles.text}>The post you asked for has moved or was never published.</p>
      <Link href="/blog" className={styles.button}>
        Back to Blog
      </Link>
    </div>
  );
}
