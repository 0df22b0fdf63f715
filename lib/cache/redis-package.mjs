// @ts-check
/**
 * The redis package, loaded on the first use of REDIS_URL (redis-client.mjs) rather than
 * imported: loading it took about a tenth of a second of every start, Redis or not (a network
 * of 3,000 publications answered its first request in 1.45 s, 1.35 without it, medians of
 * eight starts each, alternated). One load per process (lib/process/singleton.mjs): the page
 * cache, loaded unbundled by Next, and the app share it.
 */
import { processSingleton } from "../process/singleton.mjs";

const loaded = processSingleton("redis-package", () => ({
  /** @type {typeof import("redis") | null} */ redis: null,
  /** @type {Promise<void> | null} */ loading: null,
}));

/**
 * The package, or null while it loads: `whenLoaded` is called once it is in, `failed` if it
 * cannot be (it is asked for again on the next use).
 * @param {() => void} whenLoaded
 * @param {(error: Error) => void} failed
 * @returns {typeof import("redis") | null}
 */
export function redisPackage(whenLoaded, failed) {
  if (loaded.redis) return loaded.redis;
  loaded.loading ??= import("redis").then(
    (redis) => {
      loaded.redis = redis;
      whenLoaded();
    },
    (/** @type {Error} */ error) => {
      loaded.loading = null;
      failed(error);
    },
  );
  return null;
}
