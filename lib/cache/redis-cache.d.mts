// Types for lib/cache/redis-cache.mjs, which stays plain JavaScript because Next loads it unbundled.

/* eslint-disable @typescript-eslint/no-explicit-any -- Next's cache entries are not public types */
export function redisFirst<T extends new (ctx: any) => any>(Base: T): T;
export function compressingEntries(client: any): any;
export function lifespan(
  lastModified: number,
  revalidate: number | null,
): {
  lastModifiedAt: number;
  staleAt: number;
  expireAt: number;
  staleAge: number;
  expireAge: number;
  revalidate?: number;
};
export function storage(client: any): {
  get(key: string, ctx: { implicitTags: string[] }): Promise<any>;
  set(key: string, entry: any): Promise<void>;
  revalidateTag(tag: string): Promise<void>;
  prepare?: () => Promise<void>;
};
