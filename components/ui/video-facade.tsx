"use client";

import { useState } from "react";
import styles from "./video-block.module.css";

export function VideoFacade({
  title,
  embedUrl,
  poster,
  vertical,
}: {
  title: string;
  embedUrl: string;
  /** The poster at the site's own origin, at its widths. */
  poster: { src: string; srcSet: string; sizes: string };
  vertical: boolean;
}) {
  const [playing, setPlaying] = useState(false);
  const className = `${styles.video} ${vertical ? styles.vertical : ""}`;

  if (playing) {
    return (
      <div className={className}>
        <iframe
          src={embedUrl}
          title={title}
          className={styles.player}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      </div>
    );
  }

  return (
    <div className={className}>
      <button type="button" className={styles.facade} onClick={() => setPlaying(true)}>
        {/* Empty alt: the label says what the video is. Lazy: the video sits screens down on a
            phone. A poster that cannot load leaves the dark panel (empty alt shows no icon). */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img
          className={styles.poster}
          src={poster.src}
          srcSet={poster.srcSet}
          sizes={poster.sizes}
          width={480}
          height={360}
          alt=""
          loading="lazy"
          decoding="async"
        />
        <span className={styles.playIcon} aria-hidden="true" />
        <span className={styles.facadeLabel}>
          <span className="visually-hidden">Play video: </span>
          {title}
        </span>
      </button>
    </div>
  );
}
