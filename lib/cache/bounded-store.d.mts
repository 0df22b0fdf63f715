// Types for lib/cache/bounded-store.mjs, plain JavaScript because the cache handler loads it unbundled.

export class BoundedStore<V> {
  constructor(maxBytes: number, onEvict?: (key: string, value: V) => void);
  readonly maxBytes: number;
  readonly bytes: number;
  readonly size: number;
  get(key: string): V | null;
  set(key: string, value: V, size: number): void;
  delete(key: string): void;
  items(): IterableIterator<[string, V]>;
  clear(): void;
}
