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
}): Record<string, string>;
export declare function standInArgs(options?: { port?: number; radio?: boolean }): string[];
export declare const EDITOR_SECRETS: { riverbend: string; lakeside: string };
export declare const PUBLICATION_TIME_ZONES: { lakeside: string; hillcountry: string };
export declare function writePublicationsFile(
  name: string,
  origins: { riverbend: string; lakeside: string; hillcountry?: string },
): string;
