/**
 * The configuration contract: every environment variable the app reads is parsed
 * and validated here, once. `config()` reads `process.env` the first time it is asked, so
 * that a value set at start-up, not at build, is used, and keeps the answer.
 * A malformed value stops the server at start-up (see instrumentation-node.ts) with a
 * message that names the variable and says what was expected.
 */
import { z } from "zod";
import {
  adScriptUrl,
  commaList,
  isOrigin,
  partnerDocUrls,
  perPublicationUrl,
  port,
  radioOrigin,
  redisUrl,
  toUrl,
  url,
  whole,
  wholeNumber,
} from "./env-rules";
import { got, timeZone } from "./validation/rules.mjs";

export interface AppConfig {
  siteUrl: URL;
  /** The network's publications (lib/publication); null: one publication from these variables. */
  publicationsFile: string | null;
  /** `domain` the embedded publication sends to the blog's functions host. */
  blogDomain: string;
  /** X-Forwarded-Host chooses the publication (a trusted proxy sets it); server.mjs reads it. */
  trustForwardedHost: boolean;
  newsFeedsFile: string | null;
  feedJsonServiceUrl: URL | null;
  feedRevalidateSeconds: number;
  /** The embedded publication's time zone, and the network's default (an IANA name). */
  timeZone: string;
  /**
   * How often the scheduler (lib/news/schedule/scheduler.ts) reads each feed: never more often than
   * `minSeconds`, never less often than `maxSeconds` (at most the headlines' lifetime), the
   * feed's own pace in between. `minSeconds` is already at most `maxSeconds`.
   */
  feedPolling: { minSeconds: number; maxSeconds: number };
  /** The public origin at which WebSub hubs reach this deployment; null: polling only. */
  websubCallbackOrigin: URL | null;
  blogApi: { url: URL; key: string; domain: string } | null;
  revalidateSecret: string | null;
  /** The shared cache of several instances; null: this instance alone. */
  redisUrl: URL | null;
  logFormat: LogFormat;
  radio: { origin: URL | null; path: string; ports: number[]; maxListeners: number };
  adScriptUrl: string | null;
  /** The archive: PostgreSQL when `databaseUrl` is set, else the SQLite file `file`. */
  archive: {
    file: string;
    databaseUrl: URL | null;
    retentionDays: number | null;
    /** How far apart two items may be and still be one story (lib/archive/stories). */
    storyWindowHours: number;
  };
  /** Headline photos: where their resized copies are kept, and how much disk they may take. */
  photos: { cacheDir: string; maxBytes: number };
  /** The page cache's disk (PAGE_CACHE_MAX_MB), which lib/cache/disk-bound.mjs reads itself. */
  pageCache: { maxBytes: number };
  embeds: {
    /** With "{domain}", each publication's own (lib/publication/embeds.ts). */
    eventsWallUrl: URL;
    /** With "{domain}", each publication's own (lib/publication/embeds.ts). */
    contactFormUrl: URL;
    marketBoardUrl: URL;
    partnerDocUrls: [URL, URL, URL];
    featuredVideoUrl: string;
    /** Where the server fetches video posters (lib/photos/video-posters.ts); readers never do. */
    youtubePosterOrigin: URL;
  };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

type Source = Record<string, string | undefined>;

export type LogFormat = "json" | "text";

/**
 * LOG_FORMAT: "json" for JSON lines, "text" (or unset) for readable lines; null when the value
 * is neither. Exported on its own because the logger must read it even when the rest of the
 * configuration is broken (that is exactly what it has to report).
 */
export function parseLogFormat(value: string | undefined): LogFormat | null {
  const format = value?.trim().toLowerCase() || "text";
  return format === "json" || format === "text" ? format : null;
}

/** Every variable the app reads, each parsed on its own; CONFIG relates and shapes them. */
const VARIABLES = z.object({
  SITE_URL: url.prefault("http://localhost:3000"),
  PUBLICATIONS_FILE: z.string().optional(),
  BLOG_DOMAIN: z.string().optional(),
  TIME_ZONE: timeZone().default("America/Chicago"),
  TRUST_FORWARDED_HOST: z
    .enum(["0", "1"], got("must be 1 (a trusted proxy sets X-Forwarded-Host) or 0"))
    .default("0"),
  NEWS_FEEDS_FILE: z.string().optional(),
  FEED_JSON_SERVICE_URL: url.optional(),
  FEED_REVALIDATE_SECONDS: wholeNumber(300, 86_400),
  FEED_POLL_MIN_SECONDS: wholeNumber(60, 86_400),
  FEED_POLL_MAX_SECONDS: z
    .string()
    .refine((v) => whole(v, 86_400), got("must be a whole number from 1 to 86400"))
    .transform(Number)
    .optional(),
  WEBSUB_CALLBACK_ORIGIN: url
    .refine(isOrigin, got("must be an origin such as https://push.example.com, without a path"))
    .optional(),
  BLOG_API_URL: url.optional(),
  BLOG_API_KEY: z.string().optional(),
  REVALIDATE_SECRET: z.string().optional(),
  REDIS_URL: redisUrl.transform(toUrl).optional(),
  LOG_FORMAT: z
    .string()
    .default("text")
    .refine((value) => parseLogFormat(value) !== null, got('must be "json" or "text"')),
  RADIO_STREAM_ORIGIN: radioOrigin.optional(),
  RADIO_STREAM_PATH: z
    .string()
    .default("/stream")
    .refine(
      (path) => /^\/[A-Za-z0-9._~\-/]*$/.test(path) && !path.includes(".."),
      got("must be an absolute path such as /stream"),
    ),
  RADIO_STREAM_PORTS: commaList.pipe(z.array(port)).prefault("8076"),
  RADIO_MAX_LISTENERS: wholeNumber(300, 100_000),
  AD_SCRIPT_URL: adScriptUrl.optional(),
  ARCHIVE_FILE: z.string().default("data/archive.sqlite"),
  DATABASE_URL: z
    .string()
    .refine(
      (v) => URL.canParse(v) && /^postgres(ql)?:$/.test(toUrl(v).protocol) && !!toUrl(v).hostname,
      // Not quoted: it may hold a password.
      "must be a postgres:// or postgresql:// URL naming a host",
    )
    .transform(toUrl)
    .optional(),
  ARCHIVE_RETENTION_DAYS: z
    .string()
    .refine((v) => whole(v, 36_500), got("must be a whole number of days from 1 to 36500"))
    .transform(Number)
    .optional(),
  STORY_WINDOW_HOURS: wholeNumber(72, 720),
  PHOTO_CACHE_DIR: z.string().default(".next/cache/photos"),
  PHOTO_CACHE_MAX_MB: wholeNumber(1024, 1_048_576),
  PAGE_CACHE_MAX_MB: wholeNumber(1024, 1_048_576),
  EVENTS_WALL_URL: perPublicationUrl.prefault(
    "https://www.socialwalls.com/embed/riverbend-chronicle-events",
  ),
  CONTACT_FORM_URL: perPublicationUrl.prefault(
    "https://docs.google.com/forms/d/e/riverbend-chronicle-contact/viewform?embedded=true",
  ),
  MARKET_BOARD_URL: url.prefault("https://rss.app/embed/v1/imageboard/riverbend-chronicle-markets"),
  PARTNER_DOC_URLS: commaList
    .pipe(partnerDocUrls)
    .prefault(
      [
        "https://drive.google.com/file/d/riverbend-partner-media-kit/preview",
        "https://drive.google.com/file/d/riverbend-partner-network-guide/preview",
        "https://drive.google.com/file/d/riverbend-partner-sponsorship/preview",
      ].join(","),
    ),
  FEATURED_VIDEO_URL: z.string().default("https://www.youtube.com/watch?v=aqz-KE-bpKQ"),
  YOUTUBE_POSTER_ORIGIN: url
    .refine(isOrigin, got("must be an origin such as https://i.ytimg.com, without a path"))
    .prefault("https://i.ytimg.com"),
});

const CONFIG = VARIABLES.refine(
  (env) => (env.BLOG_API_URL === undefined) === (env.BLOG_API_KEY === undefined),
  {
    error:
      "BLOG_API_URL and BLOG_API_KEY must be set together (or both left unset for the local blog)",
    // Told alongside other variables' mistakes (every problem at once), but not after a
    // malformed BLOG_API_URL, the one to fix then. Needs the rules above not to abort.
    when: ({ issues }) => !issues.some((issue) => issue.path?.[0] === "BLOG_API_URL"),
  },
)
  .refine(
    (env) =>
      env.FEED_POLL_MAX_SECONDS === undefined ||
      env.FEED_POLL_MAX_SECONDS <= env.FEED_REVALIDATE_SECONDS,
    {
      error: (issue) => {
        const env = issue.input as { FEED_REVALIDATE_SECONDS: number };
        return `must not be more than FEED_REVALIDATE_SECONDS (${env.FEED_REVALIDATE_SECONDS}), the headlines' lifetime`;
      },
      path: ["FEED_POLL_MAX_SECONDS"],
      when: ({ issues }) =>
        !issues.some((issue) =>
          ["FEED_POLL_MAX_SECONDS", "FEED_REVALIDATE_SECONDS"].includes(String(issue.path?.[0])),
        ),
    },
  )
  .transform((env): AppConfig => {
    const blogDomain = env.BLOG_DOMAIN ?? env.SITE_URL.hostname.replace(/^www\./, "");
    return {
      siteUrl: env.SITE_URL,
      publicationsFile: env.PUBLICATIONS_FILE ?? null,
      blogDomain,
      trustForwardedHost: env.TRUST_FORWARDED_HOST === "1",
      newsFeedsFile: env.NEWS_FEEDS_FILE ?? null,
      feedJsonServiceUrl: env.FEED_JSON_SERVICE_URL ?? null,
      feedRevalidateSeconds: env.FEED_REVALIDATE_SECONDS,
      timeZone: env.TIME_ZONE,
      feedPolling: pollingBounds(env),
      websubCallbackOrigin: env.WEBSUB_CALLBACK_ORIGIN ?? null,
      blogApi:
        env.BLOG_API_URL && env.BLOG_API_KEY
          ? { url: env.BLOG_API_URL, key: env.BLOG_API_KEY, domain: blogDomain }
          : null,
      revalidateSecret: env.REVALIDATE_SECRET ?? null,
      redisUrl: env.REDIS_URL ?? null,
      logFormat: parseLogFormat(env.LOG_FORMAT) ?? "text",
      radio: {
        origin: env.RADIO_STREAM_ORIGIN ?? null,
        path: env.RADIO_STREAM_PATH,
        ports: env.RADIO_STREAM_PORTS,
        maxListeners: env.RADIO_MAX_LISTENERS,
      },
      adScriptUrl: env.AD_SCRIPT_URL ?? null,
      archive: {
        file: env.ARCHIVE_FILE,
        databaseUrl: env.DATABASE_URL ?? null,
        retentionDays: env.ARCHIVE_RETENTION_DAYS ?? null,
        storyWindowHours: env.STORY_WINDOW_HOURS,
      },
      photos: { cacheDir: env.PHOTO_CACHE_DIR, maxBytes: env.PHOTO_CACHE_MAX_MB * 1024 * 1024 },
      pageCache: { maxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024 },
      embeds: {
        eventsWallUrl: env.EVENTS_WALL_URL,
        contactFormUrl: env.CONTACT_FORM_URL,
        marketBoardUrl: env.MARKET_BOARD_URL,
        partnerDocUrls: env.PARTNER_DOC_URLS as [URL, URL, URL],
        featuredVideoUrl: env.FEATURED_VIDEO_URL,
        youtubePosterOrigin: env.YOUTUBE_POSTER_ORIGIN,
      },
    };
  });

/** The scheduler's floor and ceiling: the ceiling defaults to the headlines' lifetime. */
function pollingBounds(env: {
  FEED_REVALIDATE_SECONDS: number;
  FEED_POLL_MIN_SECONDS: number;
  FEED_POLL_MAX_SECONDS?: number;
}): AppConfig["feedPolling"] {
  const maxSeconds = env.FEED_POLL_MAX_SECONDS ?? env.FEED_REVALIDATE_SECONDS;
  return { minSeconds: Math.min(env.FEED_POLL_MIN_SECONDS, maxSeconds), maxSeconds };
}

function parseConfig(env: Source): AppConfig {
  // Blank is unset: `NAME=` in a compose file means "not configured".
  const values = Object.fromEntries(
    Object.entries(env).map(([name, value]) => [name, value?.trim() || undefined]),
  );
  // LOG_FORMAT as given: its message quotes it the way the logger reads it (parseLogFormat).
  const result = CONFIG.safeParse({ ...values, LOG_FORMAT: env.LOG_FORMAT });
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map(({ path, message }) =>
      path.length > 0 ? `${String(path[0])} ${message}` : message,
    ),
  );
}

let parsed: AppConfig | undefined;

/**
 * The validated configuration of this process: its environment, parsed the first time it is
 * asked for (a malformed one throws ConfigError, every time). A server's environment does not
 * change once it runs, so neither does the answer (a test loads this module again). Per module
 * instance, not per process: each parses the same environment into the same values.
 */
export function config(): AppConfig {
  return (parsed ??= parseConfig(process.env));
}
