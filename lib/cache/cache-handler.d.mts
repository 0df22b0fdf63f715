// Types for lib/cache/cache-handler.mjs, which stays plain JavaScript because Next loads it unbundled.

import type { BoundedStore } from "./bounded-store.mjs";

/* eslint-disable @typescript-eslint/no-explicit-any -- Next's cache entries are not public types */
export const MAX_BYTES: number;

type CacheHandlerClass = new (ctx: any) => {
  get(key: string, ...rest: any[]): Promise<any>;
  set(key: string, data: any, ctx: any): Promise<void>;
  revalidateTag(...args: any[]): Promise<void>;
};

export function keepNotFoundInMemory<T extends CacheHandlerClass>(
  Base: T,
  store: BoundedStore<any>,
): T;

declare const CacheHandler: CacheHandlerClass;
export default CacheHandler;
