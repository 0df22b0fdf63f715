/**
 * The front door of lib/cache: an upstream failure cached as a failure, briefly
 * (cached-failure.ts), and the store shared by every instance (shared-store.ts, Redis when
 * REDIS_URL is set, else memory).
 *
 * The .mjs files here (cache-handler, redis-cache, redis-client, bounded-store) are loaded by
 * Next unbundled, so they are not re-exported: import them by file path
 * (e.g. "../cache/bounded-store.mjs").
 */
export { ERROR_RETRY_SECONDS, cachedFailure } from "./cached-failure";
export {
  onRedisReady,
  redisConfigured,
  sharedGet,
  sharedExtend,
  sharedLock,
  sharedLockHeld,
  sharedSet,
  sharedSetMany,
  sharedSetMember,
  sharedSetMembers,
  sharedUnlock,
} from "./shared-store";
