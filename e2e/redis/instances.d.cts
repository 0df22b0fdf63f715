// Types for e2e/redis/instances.cjs (plain JavaScript, shared with scripts/bench-redis.mjs).

export interface RedisServer {
  port: number;
  url: string;
  dir: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  cleanup(): Promise<void>;
}

export interface Instance {
  /** The server's process while it runs (a test may kill it). */
  child: import("node:child_process").ChildProcess | null;
  port: number;
  dir: string;
  url: string;
  output: string[];
  start(): Promise<void>;
  stop(): Promise<void>;
  restart(options?: { emptyDisk?: boolean }): Promise<void>;
  cleanup(): Promise<void>;
}

export declare function freePort(): Promise<number>;
export declare function startRedis(options?: { port?: number; args?: string[] }): Promise<RedisServer>;
export declare function copyBuild(): string;
/** An archive file (ARCHIVE_FILE) in a temporary folder of its own, empty at first. */
export interface TempArchive {
  file: string;
  cleanup(): void;
}
/** An empty archive for one group of instances. */
export declare function tempArchive(): TempArchive;
export declare function startInstance(options: {
  port: number;
  env: Record<string, string>;
  dir?: string;
}): Promise<Instance>;
export declare function waitFor(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs?: number,
): Promise<void>;
