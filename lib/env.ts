/**
 * The configuration contract: every environment variable the app reads is parsed
 * and validated here, once. `parseConfig` is pure (tested in env.test.ts); `config()`
 * reads `process.env` lazily so that a value set at start-up, not at build, is used.
 * A malformed value stops the server at start-up (see instrumentation.ts) with a
 * message that names the variable and says what was expected.
 */

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
  blogApi: { url: URL; key: string; domain: string } | null;
  revalidateSecret: string | null;
  /** The shared cache of several instances; null: this instance alone. */
  redisUrl: URL | null;
  logFormat: LogFormat;
  radio: { origin: URL | null; path: string; ports: number[]; maxListeners: number };
  adScriptUrl: string | null;
  /** Headline photos: where their resized copies are kept, and how much disk they may take. */
  photos: { cacheDir: string; maxBytes: number };
  embeds: {
    eventsWallUrl: URL;
    contactFormUrl: URL;
    marketBoardUrl: URL;
    partnerDocUrls: [URL, URL, URL];
    featuredVideoUrl: string;
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

const DEFAULT_EMBEDS = {
  EVENTS_WALL_URL: "https://www.socialwalls.com/embed/riverbend-chronicle-events",
  CONTACT_FORM_URL:
    "https://docs.google.com/forms/d/e/riverbend-chronicle-contact/viewform?embedded=true",
  MARKET_BOARD_URL: "https://rss.app/embed/v1/imageboard/riverbend-chronicle-markets",
  PARTNER_DOC_URLS: [
    "https://drive.google.com/file/d/riverbend-partner-media-kit/preview",
    "https://drive.google.com/file/d/riverbend-partner-network-guide/preview",
    "https://drive.google.com/file/d/riverbend-partner-sponsorship/preview",
  ].join(","),
  FEATURED_VIDEO_URL: "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
} as const;

export function parseConfig(env: Source): AppConfig {
  const problems: string[] = [];
  const text = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };

  function httpUrl(name: string, value: string, options: { origin?: boolean } = {}): URL | null {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      problems.push(`${name} must be an absolute http(s) URL, got "${value}"`);
      return null;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      problems.push(`${name} must use http or https, got "${url.protocol}"`);
      return null;
    }
    if (url.username || url.password) {
      problems.push(`${name} must not carry credentials`);
      return null;
    }
    if (options.origin && (url.pathname !== "/" || url.search || url.hash || url.port)) {
      problems.push(
        `${name} must be a scheme and host only (no port, path or query), got "${value}"`,
      );
      return null;
    }
    return url;
  }

  function optionalUrl(name: string, options?: { origin?: boolean }): URL | null {
    const value = text(name);
    return value === undefined ? null : httpUrl(name, value, options);
  }

  function urlWithDefault(name: keyof typeof DEFAULT_EMBEDS): URL {
    return httpUrl(name, text(name) ?? DEFAULT_EMBEDS[name]) ?? new URL(DEFAULT_EMBEDS[name]);
  }

  function positiveInt(name: string, fallback: number, max: number): number {
    const value = text(name);
    if (value === undefined) return fallback;
    if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) {
      problems.push(`${name} must be a whole number from 1 to ${max}, got "${value}"`);
      return fallback;
    }
    return Number(value);
  }

  const siteUrl = optionalUrl("SITE_URL") ?? new URL("http://localhost:3000");

  const blogUrl = optionalUrl("BLOG_API_URL");
  const blogKey = text("BLOG_API_KEY");
  if (
    (blogUrl === null) !== (blogKey === undefined) &&
    !problems.some((p) => p.startsWith("BLOG_API_URL"))
  ) {
    problems.push(
      "BLOG_API_URL and BLOG_API_KEY must be set together (or both left unset for the local blog)",
    );
  }
  const blogDomain = text("BLOG_DOMAIN") ?? siteUrl.hostname.replace(/^www\./, "");

  const ports = (text("RADIO_STREAM_PORTS") ?? "8076").split(",").map((p) => p.trim());
  const radioPorts: number[] = [];
  for (const port of ports) {
    if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) {
      problems.push(
        `RADIO_STREAM_PORTS must be comma-separated port numbers (1-65535), got "${port}"`,
      );
    } else {
      radioPorts.push(Number(port));
    }
  }
  const radioPath = text("RADIO_STREAM_PATH") ?? "/stream";
  if (!/^\/[A-Za-z0-9._~\-/]*$/.test(radioPath) || radioPath.includes("..")) {
    problems.push(`RADIO_STREAM_PATH must be an absolute path such as /stream, got "${radioPath}"`);
  }

  const adScriptUrl = text("AD_SCRIPT_URL") ?? null;
  if (adScriptUrl !== null) {
    httpUrl("AD_SCRIPT_URL", adScriptUrl.replace("{id}", "0"));
    if (!adScriptUrl.includes("{id}")) {
      problems.push('AD_SCRIPT_URL must contain the "{id}" placeholder for the banner id');
    }
  }

  const docs = (text("PARTNER_DOC_URLS") ?? DEFAULT_EMBEDS.PARTNER_DOC_URLS)
    .split(",")
    .map((d) => d.trim());
  if (docs.length !== 3) {
    problems.push(`PARTNER_DOC_URLS must list exactly 3 comma-separated URLs, got ${docs.length}`);
  }
  const docUrls = docs.slice(0, 3).map((doc) => httpUrl("PARTNER_DOC_URLS", doc ?? "") ?? siteUrl);

  let redisUrl: URL | null = null;
  const redis = text("REDIS_URL");
  if (redis !== undefined) {
    try {
      redisUrl = new URL(redis);
    } catch {
      problems.push(`REDIS_URL must be a redis:// or rediss:// URL, got "${redis}"`);
    }
    if (redisUrl && redisUrl.protocol !== "redis:" && redisUrl.protocol !== "rediss:") {
      problems.push(`REDIS_URL must use redis or rediss, got "${redisUrl.protocol}"`);
      redisUrl = null;
    } else if (redisUrl && !redisUrl.hostname) {
      problems.push(`REDIS_URL must name a host, got "${redis}"`);
      redisUrl = null;
    }
  }

  const trust = text("TRUST_FORWARDED_HOST") ?? "0";
  if (trust !== "0" && trust !== "1") {
    problems.push(
      `TRUST_FORWARDED_HOST must be 1 (a trusted proxy sets X-Forwarded-Host) or 0, got "${trust}"`,
    );
  }

  const logFormat = parseLogFormat(env.LOG_FORMAT);
  if (logFormat === null) {
    problems.push(`LOG_FORMAT must be "json" or "text", got "${env.LOG_FORMAT}"`);
  }

  const config: AppConfig = {
    siteUrl,
    publicationsFile: text("PUBLICATIONS_FILE") ?? null,
    blogDomain,
    trustForwardedHost: trust === "1",
    newsFeedsFile: text("NEWS_FEEDS_FILE") ?? null,
    feedJsonServiceUrl: optionalUrl("FEED_JSON_SERVICE_URL"),
    feedRevalidateSeconds: positiveInt("FEED_REVALIDATE_SECONDS", 300, 86_400),
    blogApi: blogUrl && blogKey ? { url: blogUrl, key: blogKey, domain: blogDomain } : null,
    revalidateSecret: text("REVALIDATE_SECRET") ?? null,
    redisUrl,
    logFormat: logFormat ?? "text",
    radio: {
      origin: optionalUrl("RADIO_STREAM_ORIGIN", { origin: true }),
      path: radioPath,
      ports: radioPorts,
      maxListeners: positiveInt("RADIO_MAX_LISTENERS", 300, 100_000),
    },
    adScriptUrl,
    photos: {
      cacheDir: text("PHOTO_CACHE_DIR") ?? ".next/cache/photos",
      maxBytes: positiveInt("PHOTO_CACHE_MAX_MB", 1024, 1_048_576) * 1024 * 1024,
    },
    embeds: {
      eventsWallUrl: urlWithDefault("EVENTS_WALL_URL"),
      contactFormUrl: urlWithDefault("CONTACT_FORM_URL"),
      marketBoardUrl: urlWithDefault("MARKET_BOARD_URL"),
      partnerDocUrls: [docUrls[0] ?? siteUrl, docUrls[1] ?? siteUrl, docUrls[2] ?? siteUrl],
      featuredVideoUrl: text("FEATURED_VIDEO_URL") ?? DEFAULT_EMBEDS.FEATURED_VIDEO_URL,
    },
  };

  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

let cached: { source: string; config: AppConfig } | undefined;

/** The validated configuration of this process. */
export function config(): AppConfig {
  // Keyed on the raw values so a changed environment (tests, a restart) is re-read.
  const source = JSON.stringify(process.env);
  if (!cached || cached.source !== source) {
    cached = { source, config: parseConfig(process.env) };
  }
  return cached.config;
}
