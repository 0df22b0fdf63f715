// Types for lib/cache/redis-client.mjs, plain JavaScript because the cache handler loads it unbundled.

/* eslint-disable @typescript-eslint/no-explicit-any -- the redis client's types are generic */
export const KEY_PREFIX: string;
export function setRedisLogger(
  log: ((status: "connected" | "unavailable", detail: string) => void) | null,
): void;
export function redisConfigured(): boolean;
export function onRedisReady(listener: () => void): () => void;
export function redisClient(): any;
export function withRedis<T>(
  command: (client: any) => Promise<T>,
  timeoutMs?: number,
): Promise<{ ok: true; value: T } | { ok: false }>;
export function answerWithin<T>(answer: Promise<T>, ms: number): Promise<T>;
