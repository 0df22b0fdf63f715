import { parseYouTubeUrl, youTubeEmbedUrl } from "@/lib/youtube";
import { videoPoster } from "@/lib/photos";
import { VideoFacade } from "./video-facade";
import styles from "./video-block.module.css";

/**
 * The spec's video block: a YouTube address in one of the four accepted forms, shown as a
 * light facade (poster and play button, no third-party script) that becomes the
 * privacy-enhanced player on click. Its poster comes from the site's own origin (lib/photos),
 * so nothing is asked of YouTube until the reader presses play. Anything else shows
 * "Invalid YouTube URL".
 */
export async function VideoBlock({ url, title }: { url: string; title: string }) {
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
      poster={await videoPoster(video.id)}
      vertical={video.isShort}
    />
  );
}
