import styles from "./error-box.module.css";

/** The spec's error state: the given message followed by "Please try again later." */
export function ErrorBox({ message }: { message: string }) {
  return (
    <div role="alert" className={styles.box}>
      <p className={styles.message}>{message}</p>
      <p className={styles.hint}>Please try again later.</p>
    </div>
  );
}
