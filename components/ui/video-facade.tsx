"use client";

import { useState } from "react";
import styles from "./video-block.module.css";

export function VideoFacade({
  title,
  embedUrl,
  posterUrl,
  vertical,
}: {
  title: string;
  embedUrl: string;
  posterUrl: string;
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
      <button
        type="button"
        className={styles.facade}
        // A CSS background: if the poster cannot load, the dark panel stays, never a broken image.
        style={{ backgroundImage: `url("${posterUrl}")` }}
        onClick={() => setPlaying(true)}
      >
        <span className={styles.playIcon} aria-hidden="true" />
        <span className={styles.facadeLabel}>
          <span className="visually-hidden">Play video: </span>
          {title}
        </span>
      </button>
    </div>
  );
}
