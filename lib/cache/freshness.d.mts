// Types for lib/cache/freshness.mjs, which stays plain JavaScript because Next loads it unbundled.

export const STALE_BOUND_SECONDS: number;
export function versionTag(tag: string, version: string): string;
export function superseded(
  tags: readonly string[],
  options?: { page?: boolean; writtenAt?: number },
): Promise<boolean>;
export function outdated(
  entry: { lastModified: number; value?: unknown },
  tags: readonly string[],
  revalidate: unknown,
): Promise<boolean>;
export function publishVersion(
  tag: string,
  version: string,
  times?: { confirmedAt?: number; changedAt?: number },
): Promise<void>;
export function setFreshnessObserver(observe: (ageSeconds: number) => void): void;
export function outlived(lastModified: number, revalidate: unknown, now?: number): boolean;
