// Types for lib/cache/freshness.mjs, which stays plain JavaScript because Next loads it unbundled.

export const STALE_BOUND_SECONDS: number;
export function versionTag(tag: string, version: string): string;
export function superseded(tags: readonly string[], options?: { page?: boolean }): Promise<boolean>;
export function publishVersion(tag: string, version: string, confirmedAt?: number): Promise<void>;
export function setFreshnessObserver(observe: (ageSeconds: number) => void): void;
export function outlived(lastModified: number, revalidate: unknown, now?: number): boolean;
