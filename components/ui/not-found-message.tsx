import Link from "next/link";
import styles from "./status-page.module.css";

/** The body of a not-found page: the 404 mark, a heading, a line of text and the way back. */
export function NotFoundMessage({
  title,
  text,
  back,
}: {
  title: string;
  text: string;
  back: { href: string; label: string };
}) {
  return (
    <div className={styles.page}>
      <p className={styles.code}>404</p>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>{text}</p>
      <Link href={back.href} className={styles.button}>
        {back.label}
      </Link>
    </div>
  );
}
