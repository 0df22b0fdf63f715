/**
 * The front door of lib/cache: the rule for cached failures (cached-failure.ts), the store
 * shared by every instance (shared-store.ts: Redis when REDIS_URL is set, else nothing), and
 * the locks every instance shares (shared-lock.ts).
 *
 * The .mjs files here (cache-handler, file-cache, redis-cache, redis-client, bounded-store,
 * freshness) are loaded by Next unbundled, so they are not re-exported: import them by file
 * path (e.g. "../cache/freshness.mjs").
 */
export { ERROR_RETRY_SECONDS, cachedFailure } from "./cached-failure";
export { holding, tryLock, underLock, waitForLock, type HeldLock } from "./shared-lock";
export {
  onRedisReady,
  redisConfigured,
  sharedGet,
  sharedSet,
  sharedSetMany,
  sharedSetMember,
  sharedSetMembers,
} from "./shared-store";
