// Types for lib/cache/redis-tag-maps.mjs, plain JavaScript because the cache handler loads it unbundled.

/* eslint-disable @typescript-eslint/no-explicit-any -- the redis client's commands, as the handler uses them */
export function pruneTagMaps(
  client: any,
  storage: (client: any) => { prepare?: () => Promise<void> },
  now?: number,
): Promise<boolean>;
