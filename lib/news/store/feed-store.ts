import { redisConfigured, sharedGet, sharedSet } from "../../cache";
import type { FeedOutcome } from "../../ops";
import { processSingleton } from "../../process";
import type { FeedDocument } from "../ingest";

/**
 * Where each feed's last good copy (with the validators for the next conditional GET) and its
 * health record live. One small interface so that a shared store (Redis) can stand in for
 * this process's memory without the reader (feed-reader.ts) changing; its methods are
 * asynchronous for that reason. `peekCopy` answers without I/O from what this process holds,
 * for readers that must never wait (site search).
 */

/** A feed's last good document, as the store keeps it. */
export interface FeedCopy extends FeedDocument {
  /** ISO 8601: when the feed last answered this copy (a document, a 304 or a push). */
  fetchedAt?: string;
  /** A digest of the items (copies.ts): pages carry it in their tags. */
  version?: string;
  /** ISO 8601: when this version was first read. */
  changedAt?: string;
}

interface FeedError {
  message: string;
  /** The upstream's HTTP status, when the failure was one. */
  httpStatus?: number;
  /** A 429's or 503's Retry-After, in seconds. */
  retryAfterSeconds?: number;
  /** ISO 8601. */
  at: string;
}

export interface FeedHealth {
  /** ISO 8601 of the last fetch that answered a good document or a 304. */
  lastSuccessAt: string | null;
  lastError: FeedError | null;
  lastDurationMs: number | null;
  /** Items in the last good copy. */
  itemCount: number | null;
  fetchCount: number;
  errorCount: number;
  notModifiedCount: number;
  /** Failed reads since the last good one (the scheduler backs off on them). */
  consecutiveErrors: number;
}

/** What one fetch did, as the reader reports it to the store. */
interface FetchRecord {
  outcome: FeedOutcome;
  durationMs: number;
  at: Date;
  itemCount?: number;
  message?: string;
  httpStatus?: number;
  retryAfterSeconds?: number;
}

export interface FeedStore {
  getCopy(feedUrl: string): Promise<FeedCopy | undefined>;
  setCopy(feedUrl: string, copy: FeedCopy): Promise<void>;
  peekCopy(feedUrl: string): FeedCopy | undefined;
  getHealth(feedUrl: string): Promise<FeedHealth | undefined>;
  recordFetch(feedUrl: string, record: FetchRecord): Promise<FeedHealth>;
}

export const EMPTY_HEALTH: FeedHealth = {
  lastSuccessAt: null,
  lastError: null,
  lastDurationMs: null,
  itemCount: null,
  fetchCount: 0,
  errorCount: 0,
  notModifiedCount: 0,
  consecutiveErrors: 0,
};

/** The health record after one more fetch: pure, so every store computes it the same way. */
function nextHealth(previous: FeedHealth | undefined, record: FetchRecord): FeedHealth {
  const health = { ...(previous ?? EMPTY_HEALTH) };
  const at = record.at.toISOString();
  health.fetchCount += 1;
  health.lastDurationMs = Math.round(record.durationMs);
  if (record.outcome === "ok" || record.outcome === "not-modified") {
    health.lastSuccessAt = at;
    health.consecutiveErrors = 0;
    if (record.outcome === "not-modified") health.notModifiedCount += 1;
    if (record.itemCount !== undefined) health.itemCount = record.itemCount;
  } else {
    health.errorCount += 1;
    health.consecutiveErrors = (health.consecutiveErrors ?? 0) + 1;
    health.lastError = {
      message: record.message ?? record.outcome,
      ...(record.httpStatus !== undefined ? { httpStatus: record.httpStatus } : {}),
      ...(record.retryAfterSeconds !== undefined
        ? { retryAfterSeconds: record.retryAfterSeconds }
        : {}),
      at,
    };
  }
  return health;
}

/** This process's memory. Bounded by the configured feeds (a few dozen addresses). */
function createMemoryFeedStore(): FeedStore {
  const copies = new Map<string, FeedCopy>();
  const health = new Map<string, FeedHealth>();
  return {
    async getCopy(feedUrl) {
      return copies.get(feedUrl);
    },
    async setCopy(feedUrl, copy) {
      copies.set(feedUrl, copy);
    },
    peekCopy(feedUrl) {
      return copies.get(feedUrl);
    },
    async getHealth(feedUrl) {
      return health.get(feedUrl);
    },
    async recordFetch(feedUrl, record) {
      const next = nextHealth(health.get(feedUrl), record);
      health.set(feedUrl, next);
      return next;
    },
  };
}

/**
 * Shared by every instance (REDIS_URL set): copies and health records in Redis for seven
 * days, written through to `memory`. A read asks Redis first (a new or restarted instance
 * gets every instance's copies at once) and falls back to `memory` when Redis cannot answer.
 * Health counters are read, updated and written back: two instances recording the same feed
 * at the same moment may lose one count, which a health view can live with.
 */
function createSharedFeedStore(memory: FeedStore = createMemoryFeedStore()): FeedStore {
  const copyKey = (url: string) => `feed:copy:${url}`;
  const healthKey = (url: string) => `feed:health:${url}`;
  return {
    async getCopy(feedUrl) {
      const local = memory.peekCopy(feedUrl);
      // With nothing here (a restarted instance), Redis holds the one copy of what was shown.
      const shared = await sharedGet<FeedCopy>(copyKey(feedUrl), { patient: !local });
      if (!shared.ok || !shared.value) return local;
      // Redis restarted empty, or lost a write: the newer copy wins.
      if (local && (local.fetchedAt ?? "") > (shared.value.fetchedAt ?? "")) return local;
      await memory.setCopy(feedUrl, shared.value);
      return shared.value;
    },
    async setCopy(feedUrl, copy) {
      await memory.setCopy(feedUrl, copy);
      // Pages show it once this resolves: an instance killed then must not take it along.
      await sharedSet(copyKey(feedUrl), copy, undefined, { patient: true });
    },
    peekCopy: (feedUrl) => memory.peekCopy(feedUrl),
    async getHealth(feedUrl) {
      const shared = await sharedGet<FeedHealth>(healthKey(feedUrl));
      return shared.ok && shared.value ? shared.value : memory.getHealth(feedUrl);
    },
    async recordFetch(feedUrl, record) {
      const previous = await this.getHealth(feedUrl);
      const next = nextHealth(previous, record);
      await sharedSet(healthKey(feedUrl), next);
      // This process's own record too, for when Redis cannot answer.
      await memory.recordFetch(feedUrl, record);
      return next;
    },
  };
}

/** The process's feed store: shared through Redis when REDIS_URL is set. */
export function feedStore(): FeedStore {
  return processSingleton("feed-store", () =>
    redisConfigured() ? createSharedFeedStore() : createMemoryFeedStore(),
  );
}
