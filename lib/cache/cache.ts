import { unstable_cache } from "next/cache";

/**
 * One caching rule shared by every data module: an upstream failure is never cached as
 * data, and the page that shows its error lives only ERROR_RETRY_SECONDS, so the upstream
 * is tried again soon.
 */
export const ERROR_RETRY_SECONDS = 15;

/**
 * Caps the lifetime of the page being rendered: a page inherits the shortest revalidate of
 * the cached reads it makes, so reading this entry shortens it to ERROR_RETRY_SECONDS.
 */
export const shortenPageLifetime = unstable_cache(async () => true, ["error-window"], {
  revalidate: ERROR_RETRY_SECONDS,
});
