/**
 * The four YouTube URL forms the spec accepts, each carrying an 11-character id of
 * letters, digits, underscore or hyphen: /shorts/ID, /watch?v=ID, youtu.be/ID, /embed/ID.
 */

export interface YouTubeVideo {
  id: string;
  /** Shorts are vertical (9:16); the other forms are 16:9. */
  isShort: boolean;
}

const ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);

export function parseYouTubeUrl(input: string | null | undefined): YouTubeVideo | null {
  if (!input) return null;
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.port) return null;

  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split("/").filter(Boolean);

  if (host === "youtu.be") {
    return parts.length === 1 && ID.test(parts[0]!) ? { id: parts[0]!, isShort: false } : null;
  }
  if (!YOUTUBE_HOSTS.has(host)) return null;

  if (parts.length === 1 && parts[0] === "watch") {
    const ids = url.searchParams.getAll("v");
    return ids.length === 1 && ID.test(ids[0]!) ? { id: ids[0]!, isShort: false } : null;
  }
  if (parts.length === 2 && (parts[0] === "shorts" || parts[0] === "embed") && ID.test(parts[1]!)) {
    return { id: parts[1]!, isShort: parts[0] === "shorts" };
  }
  return null;
}

/** The privacy-enhanced player with related videos limited to the same channel. */
export function youTubeEmbedUrl(video: YouTubeVideo, autoplay = false): string {
  const params = new URLSearchParams({ rel: "0", playsinline: "1" });
  if (autoplay) params.set("autoplay", "1");
  return `https://www.youtube-nocookie.com/embed/${video.id}?${params}`;
}

/**
 * YouTube's poster of a video on its image host (YOUTUBE_POSTER_ORIGIN). Only the server fetches
 * it (lib/photos/video-posters.ts), so no reader's browser asks YouTube before pressing play.
 * `hqdefault` (480×360) is the one every video has; the larger ones are missing for many.
 */
export function youTubePosterUrl(video: Pick<YouTubeVideo, "id">, origin: URL): string {
  return `${origin.origin}/vi/${video.id}/hqdefault.jpg`;
}
