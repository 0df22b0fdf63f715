// Types for lib/cache/disk-bound.mjs, plain JavaScript because the cache handler loads it unbundled.

export function maxBytesOf(value?: string): number;

export class DiskBound {
  constructor(dir: string, maxBytes: number);
  readonly dir: string;
  readonly maxBytes: number;
  readonly bytes: number;
  /** Settled once the index is built from the folder. */
  readonly ready: Promise<void>;
  file(name: string): string;
  admit(name: string, bytes: number): Promise<boolean>;
  written(name: string, bytes: number): Promise<void>;
  used(name: string, fromDisk: boolean): void;
  forget(name: string): void;
  clear(): void;
}
