// Types for e2e/postgres/server.cjs (plain JavaScript, shared with the archive's tests and bench).

export interface PostgresServer {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/archive (trust authentication, loopback only). */
  url: string;
  dir: string;
  /** The server's log lines. */
  output: string[];
  /** Starts it again after stop(): the same port, the same data. */
  start(): Promise<void>;
  /** A fast shutdown: sessions are ended at once. */
  stop(): Promise<void>;
  cleanup(): Promise<void>;
}

export declare function startPostgres(options?: { port?: number }): Promise<PostgresServer>;
