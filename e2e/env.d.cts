export declare const STAND_IN_PORT: number;
export declare const STAND_IN_URL: string;
export declare const RADIO_PORT: number;
export declare const REVALIDATE_SECRET: string;
export declare function appEnv(options: {
  siteUrl: string;
  feedRevalidateSeconds?: number;
  blog?: "local" | "functions";
  /** Appended to every feed address: this instance's own addresses (counted apart). */
  feedQuery?: string;
  /** ARCHIVE_FILE; by default the file of the site's port under e2e/.tmp (archiveFileFor). */
  archiveFile?: string;
}): Record<string, string>;
/** The archive file of the server at `siteUrl` in tests: e2e/.tmp/archive-<port>.sqlite. */
export declare function archiveFileFor(siteUrl: string): string;
/** Removes an SQLite archive and its write-ahead log's files. */
export declare function removeArchive(file: string): void;
export declare function standInArgs(options?: { port?: number; radio?: boolean }): string[];
export declare const EDITOR_SECRETS: { riverbend: string; lakeside: string };
export declare const PUBLICATION_TIME_ZONES: { lakeside: string; hillcountry: string };
export declare function writePublicationsFile(
  name: string,
  origins: { riverbend: string; lakeside: string; hillcountry?: string },
): string;
