import { config } from "../env";
// By path: the front door also loads the markdown pipeline, which the photo route has no use for.
import { parseYouTubeUrl, youTubePosterUrl } from "../youtube";
import { photoId } from "./photo-names";
import { sitePhotos, type VariantShape } from "./photo-variants";
import { POSTER_WIDTHS, posterSources } from "./paths";

/**
 * Video posters from the site's own origin, made and kept like headline photos, so a page
 * with a video asks nothing of YouTube before the reader presses play. A request names only a
 * video id; the server derives the poster's address from it (YOUTUBE_POSTER_ORIGIN) and
 * fetches it only for the configured featured video or a video a page showed (recorded as a
 * photo name when the page was rendered, as a headline's photo is). A video YouTube has no
 * poster for (404, an error, a timeout) gets the default photo.
 */

const VIDEO_POSTER: VariantShape = {
  widths: POSTER_WIDTHS,
  // YouTube's 4:3 frame as it is: the facade covers its own 16:9 (or a Short's 9:16) with it.
  aspect: null,
  quality: () => 70,
  // Apart from a headline photo's widths, should a feed ever name the same address.
  file: (width) => `poster-${width}.webp`,
};

function posterAddress(videoId: string): string {
  return youTubePosterUrl({ id: videoId }, config().embeds.youtubePosterOrigin);
}

/** Whether `value` is a video id as a YouTube address carries it (lib/markdown's rule). */
function isVideoId(value: string): boolean {
  return parseYouTubeUrl(`https://youtu.be/${value}`)?.id === value;
}

/**
 * The poster of a video a page shows, at the site's own origin. Given out once the poster is
 * recorded where any instance looks for it, as a headline photo's id is.
 */
export async function videoPoster(videoId: string): Promise<ReturnType<typeof posterSources>> {
  await sitePhotos().names.register(posterAddress(videoId));
  return posterSources(videoId);
}

/**
 * The poster at `width` as WebP; "dead" when YouTube has none; null for an id that is not the
 * featured video's and that no page showed.
 */
export async function posterVariant(
  videoId: string,
  width: number,
): Promise<Buffer | "dead" | null> {
  if (!isVideoId(videoId)) return null;
  const address = posterAddress(videoId);
  const photos = sitePhotos();
  // The configured video is answered on any instance, whichever one rendered the page.
  if (videoId === parseYouTubeUrl(config().embeds.featuredVideoUrl)?.id) {
    await photos.names.register(address);
  }
  const posterOrigin = new Set([config().embeds.youtubePosterOrigin.origin]);
  return photos.variant(photoId(address), width, posterOrigin, VIDEO_POSTER);
}
