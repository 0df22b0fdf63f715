// Types for lib/cache/redis-cache.mjs, which stays plain JavaScript because Next loads it unbundled.

/* eslint-disable @typescript-eslint/no-explicit-any -- Next's cache entries are not public types */
export function redisFirst<T extends new (ctx: any) => any>(Base: T): T;
export function compressingEntries(client: any): any;
