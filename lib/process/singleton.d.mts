// Types for lib/process/singleton.mjs, plain JavaScript because the cache handler loads it unbundled.

export function processSingleton<T>(name: string, create: () => T): T;
