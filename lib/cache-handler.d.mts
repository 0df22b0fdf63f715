// Types for lib/cache-handler.mjs, which stays plain JavaScript because Next loads it unbundled.

/* eslint-disable @typescript-eslint/no-explicit-any -- Next's cache entries are not public types */
export const MAX_BYTES: number;

export class NotFoundStore {
  constructor(maxBytes: number);
  readonly maxBytes: number;
  readonly bytes: number;
  get(key: string): any;
  set(key: string, entry: unknown, size: number): void;
  delete(key: string): void;
  clear(): void;
}

type CacheHandlerClass = new (ctx: any) => {
  get(key: string, ...rest: any[]): Promise<any>;
  set(key: string, data: any, ctx: any): Promise<void>;
  revalidateTag(...args: any[]): Promise<void>;
};

export function keepNotFoundInMemory<T extends CacheHandlerClass>(Base: T, store: NotFoundStore): T;

declare const CacheHandler: CacheHandlerClass;
export default CacheHandler;
