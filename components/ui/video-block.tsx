import { parseYouTubeUrl, youTubeEmbedUrl, youTubePosterUrl } from "@/lib/markdown";
import { VideoFacade } from "./video-facade";
import styles from "./video-block.module.css";

/**
 * The spec's video block: a YouTube address in one of the four accepted forms, shown as a
 * light facade (poster and play button, no third-party script) that becomes the
 * privacy-enhanced player on click. Anything else shows "Invalid YouTube URL".
 */
export function VideoBlock({ url, title }: { url: string; title: string }) {
  const video = parseYouTubeUrl(url);
  if (!video) {
    return (
      <p role="alert" className={styles.invalid}>
        Invalid YouTube URL
      </p>
    );
  }
  return (
    <VideoFacade
      title={title}
      embedUrl={youTubeEmbedUrl(video, true)}
      posterUrl={youTubePosterUrl(video)}
      vertical={video.isShort}
    />
  );
}
