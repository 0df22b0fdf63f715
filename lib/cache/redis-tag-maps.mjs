// @ts-check
/**
 * The storage handler of the shared page cache (lib/cache/redis-cache.mjs, fortedigital's
 * `redis-strings`) keeps, beside each entry's key, two hashes with a field per entry: its tags
 * (`riverbend:next:__sharedTags__`) and its expiry (`riverbend:next:__sharedTagsTtl__`). The
 * entries expire in Redis; those fields do not, and a hash has no expiry of its own to give
 * them. The handler drops the fields of expired entries only when a tag is revalidated, so a
 * site that is crawled more than it is refreshed (every dated archive page of every
 * publication) would grow both hashes by a field for every address ever written, never evicted
 * under `volatile-lru`, and make each refresh scan them all.
 *
 * So, at most once per PRUNE_INTERVAL_SECONDS for all instances together (a slot key taken
 * with NX), a write also has the handler drop the fields of expired entries (its `prepare`).
 * The hashes then hold the entries alive, and those written in the last interval.
 *
 * Plain JavaScript: the cache handler, which Next loads unbundled, imports it.
 */
import { processSingleton } from "../process/singleton.mjs";
import { KEY_PREFIX } from "./redis-client.mjs";

const PRUNE_INTERVAL_SECONDS = 10 * 60;
const PRUNE_SLOT = `${KEY_PREFIX}next:tag-maps-pruned`;

/** When this process may next try (one try per interval, whoever takes the slot). */
const state = processSingleton("cache-tag-maps", () => ({ next: 0 }));

/**
 * Drops the tag maps' fields of expired entries, if the interval has passed and no instance did
 * it in this one. Runs in the background of a write: a failure is told, never thrown, and does
 * not count as Redis failing (each command of the handler has its own timeout).
 * @param {any} client the connected client, or null
 * @param {(client: any) => { prepare?: () => Promise<void> }} storage the handler bound to `client`
 * @param {number} [now]
 * @returns {Promise<boolean>} whether this call pruned
 */
export async function pruneTagMaps(client, storage, now = Date.now()) {
  if (!client || now < state.next) return false;
  state.next = now + PRUNE_INTERVAL_SECONDS * 1000;
  try {
    const slot = await client.set(PRUNE_SLOT, String(now), {
      NX: true,
      EX: PRUNE_INTERVAL_SECONDS,
    });
    if (slot !== "OK") return false;
    await storage(client).prepare?.();
    return true;
  } catch (error) {
    console.warn(`redis: the page cache's tag maps were not pruned (${error})`);
    return false;
  }
}
