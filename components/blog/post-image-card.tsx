import styles from "./post.module.css";

/** The optional image card: the post's board on the image-sharing service, opened in a new tab. */
export function PostImageCard({
  href,
  imageUrl,
  title,
}: {
  href: string;
  imageUrl: string | null;
  title: string;
}) {
  return (
    <figure className={styles.imageCard}>
      {imageUrl ? (
        // The image lives on the sharing service, at a size we do not know: plain <img>.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={imageUrl}
          alt={`Pinned image for “${title}”`}
          width={640}
          height={360}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          className={styles.imageCardImage}
        />
      ) : null}
      <figcaption className={styles.imageCardCaption}>
        <span>Discover more visual content related to this article</span>
        <a href={href} target="_blank" rel="noopener noreferrer" className={styles.imageCardButton}>
          View on Pinterest<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </figcaption>
    </figure>
  );
}
