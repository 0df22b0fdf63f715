// Types for lib/cache/file-cache.mjs, which stays plain JavaScript because Next loads it unbundled.

import type { DiskBound } from "./disk-bound.mjs";

/* eslint-disable @typescript-eslint/no-explicit-any -- Next's cache entries are not public types */
export class FileCache {
  constructor(ctx: { serverDistDir?: string; maxMemoryCacheSize?: number; [key: string]: unknown });
  readonly folder: { dir: string; tags: Map<string, number>; memory: unknown; disk: DiskBound };
  nameOf(key: string): string;
  fileOf(key: string): string;
  get(
    key: string,
    ctx?: any,
  ): Promise<{ lastModified: number; value: any; cacheControl?: any } | null>;
  set(key: string, data: any, ctx?: any): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
  resetRequestCache(): void;
}

export function entryBytes(value: any): number;
export function lifetimeOf(entry: any): unknown;
export function servedEntry(entry: any): { lastModified: number; value: any; cacheControl?: any };
