import { DEFAULT_PHOTO, photoBase } from "./paths";
import { sitePhotos } from "./photo-variants";

/**
 * How long reading a section's headlines waits for their photos to be checked (fetched once,
 * kept on disk). A photo not checked by then is named all the same: its route makes it when
 * asked, or answers with the default photo if it turns out dead.
 */
const PHOTO_CHECK_BUDGET_MS = 2_000;

/**
 * The headlines with their photos on the site's own origin: each feed photo becomes
 * `/photo/<id>` (the card adds the widths), and one whose host could not give it becomes the
 * default photo in the HTML itself, so no reader's browser asks for a dead address. No
 * address of another host is left in what the page renders. `trustedOrigins`: the origins
 * whose photos may be on loopback or private addresses (the configured feeds').
 */
export async function withSitePhotos<T extends { imageUrl: string }>(
  articles: T[],
  trustedOrigins: ReadonlySet<string>,
): Promise<T[]> {
  const photos = sitePhotos();
  let budget: ReturnType<typeof setTimeout> | undefined;
  const timeUp = new Promise<"pending">((resolve) => {
    budget = setTimeout(() => resolve("pending"), PHOTO_CHECK_BUDGET_MS);
  });
  try {
    return await Promise.all(
      articles.map(async (article) => {
        if (!/^https?:\/\//.test(article.imageUrl)) return article;
        const id = await photos.names.register(article.imageUrl);
        const state = await Promise.race([
          photos.ensureSource(id, article.imageUrl, trustedOrigins),
          timeUp,
        ]);
        return { ...article, imageUrl: state === "dead" ? DEFAULT_PHOTO : photoBase(id) };
      }),
    );
  } finally {
    clearTimeout(budget);
  }
}
