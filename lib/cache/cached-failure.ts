import { unstable_cache } from "next/cache";

/**
 * One caching rule shared by every data module: an upstream failure is never cached as data.
 * It is cached as what it is, a failure, for ERROR_RETRY_SECONDS: the page showing it takes the
 * shortest lifetime of the cached reads it makes (Next's incremental regeneration), so it is
 * rendered again, and the upstream tried again, that soon, while its readers in between get
 * the same error page without each of them calling the upstream.
 */
export const ERROR_RETRY_SECONDS = 15;

/**
 * `failure` (the app's error state for one read) as a cache entry of its own, under `keyParts`
 * and `tags`, living ERROR_RETRY_SECONDS. An editor's refresh of those tags clears it at once.
 */
export function cachedFailure<T>(failure: T, keyParts: string[], tags: string[]): Promise<T> {
  return unstable_cache(async () => failure, ["failure", ...keyParts], {
    revalidate: ERROR_RETRY_SECONDS,
    tags,
  })();
}
