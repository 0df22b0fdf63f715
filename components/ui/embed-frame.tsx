import styles from "./embed-frame.module.css";

/**
 * A lazy, titled iframe whose box is reserved before it loads (fixed height or aspect
 * ratio), so nothing shifts when the embed arrives.
 */
export function EmbedFrame({
  src,
  title,
  height,
  aspectRatio,
  allow,
}: {
  src: string;
  title: string;
  height?: number;
  aspectRatio?: string;
  allow?: string;
}) {
  return (
    <div
      className={styles.frame}
      style={height ? { height } : { aspectRatio: aspectRatio ?? "16 / 9" }}
    >
      <iframe
        src={src}
        title={title}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        allow={allow}
        className={styles.iframe}
      />
    </div>
  );
}
