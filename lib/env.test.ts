import type { AppConfig, ConfigError } from "./env";

type EnvModule = typeof import("./env");

/** lib/env as a process whose environment is exactly `env` loads it: a fresh module instance. */
function freshEnv(env: Record<string, string>): { envModule: EnvModule; config: () => AppConfig } {
  let envModule!: EnvModule;
  jest.isolateModules(() => {
    envModule = jest.requireActual<EnvModule>("./env");
  });
  return {
    envModule,
    config: () => {
      const saved = process.env;
      process.env = { ...env } as NodeJS.ProcessEnv;
      try {
        return envModule.config();
      } finally {
        process.env = saved;
      }
    },
  };
}

/** The configuration of a process started with exactly `env`. */
const configFrom = (env: Record<string, string>): AppConfig => freshEnv(env).config();

function problemsOf(env: Record<string, string>): string[] {
  const { envModule, config } = freshEnv(env);
  try {
    config();
  } catch (error) {
    if (error instanceof envModule.ConfigError) return (error as ConfigError).problems;
    throw error;
  }
  return [];
}

describe("config()", () => {
  it("parses the environment once: the process's configuration stays what it started with", () => {
    const { envModule, config } = freshEnv({ SITE_URL: "https://news.example.com" });
    const first = config();
    const saved = process.env;
    process.env = { ...saved, SITE_URL: "https://www.other.example" };
    try {
      expect(envModule.config()).toBe(first);
      expect(envModule.config().siteUrl.origin).toBe("https://news.example.com");
    } finally {
      process.env = saved;
    }
  });
});

describe("the configuration of an environment", () => {
  it("gives the documented defaults for an empty environment", () => {
    const config = configFrom({});
    expect(config.siteUrl.toString()).toBe("http://localhost:3000/");
    expect(config.feedRevalidateSeconds).toBe(300);
    expect(config.blogApi).toBeNull();
    expect(config.feedJsonServiceUrl).toBeNull();
    expect(config.radio).toEqual({
      origin: null,
      path: "/stream",
      ports: [8076],
      maxListeners: 300,
    });
    expect(config.adScriptUrl).toBeNull();
    expect(config.embeds.partnerDocUrls).toHaveLength(3);
    expect(config.logFormat).toBe("text");
    expect(config.redisUrl).toBeNull();
  });

  it("reads REDIS_URL: redis:// or rediss:// with a host; anything else is a problem", () => {
    expect(configFrom({ REDIS_URL: "redis://127.0.0.1:6379" }).redisUrl?.port).toBe("6379");
    expect(configFrom({ REDIS_URL: "rediss://:secret@cache.internal:6380/2" }).redisUrl?.host).toBe(
      "cache.internal:6380",
    );
    expect(problemsOf({ REDIS_URL: "http://127.0.0.1:6379" })).toEqual([
      'REDIS_URL must use redis or rediss, got "http:"',
    ]);
    expect(problemsOf({ REDIS_URL: "127.0.0.1:6379" })[0]).toMatch(/^REDIS_URL must/);
    expect(problemsOf({ REDIS_URL: "not a url" })).toEqual([
      'REDIS_URL must be a redis:// or rediss:// URL, got "not a url"',
    ]);
  });

  it("reads PAGE_CACHE_MAX_MB as the page cache does, which reads it itself (Next loads it unbundled)", () => {
    const { maxBytesOf } =
      jest.requireActual<typeof import("./cache/disk-bound.mjs")>("./cache/disk-bound.mjs");
    for (const value of ["", " ", "1", "256", " 4096 ", "1048576"]) {
      expect(configFrom({ PAGE_CACHE_MAX_MB: value }).pageCache.maxBytes).toBe(maxBytesOf(value));
    }
    expect(configFrom({}).pageCache.maxBytes).toBe(1024 * 1024 * 1024);
    for (const value of ["0", "1048577", "1.5", "1gb", "-1"]) {
      expect(problemsOf({ PAGE_CACHE_MAX_MB: value })).toEqual([
        `PAGE_CACHE_MAX_MB must be a whole number from 1 to 1048576, got "${value}"`,
      ]);
    }
  });

  it("reads LOG_FORMAT: json or text, any case; anything else is a problem", () => {
    expect(configFrom({ LOG_FORMAT: "json" }).logFormat).toBe("json");
    expect(configFrom({ LOG_FORMAT: " JSON " }).logFormat).toBe("json");
    expect(configFrom({ LOG_FORMAT: "text" }).logFormat).toBe("text");
    expect(problemsOf({ LOG_FORMAT: "yaml" })).toEqual([
      'LOG_FORMAT must be "json" or "text", got "yaml"',
    ]);
  });

  it("reads every documented variable", () => {
    const config = configFrom({
      SITE_URL: "https://www.riverbendchronicle.com",
      FEED_REVALIDATE_SECONDS: "60",
      FEED_JSON_SERVICE_URL: "https://api.rss2json.com/v1/api.json",
      NEWS_FEEDS_FILE: "/etc/riverbend/feeds.json",
      BLOG_API_URL: "https://functions.example.com",
      BLOG_API_KEY: "anon-key",
      RADIO_STREAM_ORIGIN: "http://radio.example.com",
      RADIO_STREAM_PATH: "/live.mp3",
      RADIO_STREAM_PORTS: "8076, 8000",
      RADIO_MAX_LISTENERS: "50",
      AD_SCRIPT_URL: "https://ads.example.net/banner.js?id={id}",
      EVENTS_WALL_URL: "http://127.0.0.1:4010/embed/events",
      PARTNER_DOC_URLS:
        "https://a.test/1/preview,https://a.test/2/preview,https://a.test/3/preview",
    });
    expect(config.siteUrl.origin).toBe("https://www.riverbendchronicle.com");
    expect(config.feedRevalidateSeconds).toBe(60);
    expect(config.feedJsonServiceUrl?.hostname).toBe("api.rss2json.com");
    expect(config.newsFeedsFile).toBe("/etc/riverbend/feeds.json");
    // The blog domain defaults to the site's host without "www.".
    expect(config.blogApi).toEqual({
      url: new URL("https://functions.example.com"),
      key: "anon-key",
      domain: "riverbendchronicle.com",
    });
    expect(config.radio.origin?.origin).toBe("http://radio.example.com");
    expect(config.radio.path).toBe("/live.mp3");
    expect(config.radio.ports).toEqual([8076, 8000]);
    expect(config.radio.maxListeners).toBe(50);
    expect(config.adScriptUrl).toBe("https://ads.example.net/banner.js?id={id}");
    expect(config.embeds.eventsWallUrl.toString()).toBe("http://127.0.0.1:4010/embed/events");
    expect(config.embeds.partnerDocUrls.map(String)).toEqual([
      "https://a.test/1/preview",
      "https://a.test/2/preview",
      "https://a.test/3/preview",
    ]);
  });

  it("takes an events wall and a contact form per publication: {domain} in the path or query", () => {
    const { embeds } = configFrom({
      EVENTS_WALL_URL: "https://walls.example/embed/{domain}-events",
      CONTACT_FORM_URL: "https://forms.example/contact?embedded=true&paper={domain}",
    });
    // Their origins are what the security headers name, the same for every publication.
    expect(embeds.eventsWallUrl.origin).toBe("https://walls.example");
    expect(embeds.contactFormUrl.origin).toBe("https://forms.example");
  });

  it("polls feeds between a floor and a ceiling that defaults to the headlines' lifetime", () => {
    expect(configFrom({}).feedPolling).toEqual({ minSeconds: 60, maxSeconds: 300 });
    expect(configFrom({ FEED_REVALIDATE_SECONDS: "2" }).feedPolling).toEqual({
      minSeconds: 2,
      maxSeconds: 2,
    });
    expect(
      configFrom({ FEED_POLL_MIN_SECONDS: "30", FEED_POLL_MAX_SECONDS: "120" }).feedPolling,
    ).toEqual({ minSeconds: 30, maxSeconds: 120 });
    expect(configFrom({}).websubCallbackOrigin).toBeNull();
    expect(
      configFrom({ WEBSUB_CALLBACK_ORIGIN: "https://push.example.com" }).websubCallbackOrigin
        ?.origin,
    ).toBe("https://push.example.com");
  });

  it("fetches video posters from YouTube's image host unless pointed elsewhere", () => {
    expect(configFrom({}).embeds.youtubePosterOrigin.href).toBe("https://i.ytimg.com/");
    // A stand-in on a local port, as the tests and the demo run it.
    expect(
      configFrom({ YOUTUBE_POSTER_ORIGIN: "http://127.0.0.1:4010" }).embeds.youtubePosterOrigin
        .origin,
    ).toBe("http://127.0.0.1:4010");
  });

  it("dates in TIME_ZONE, America/Chicago unless set; a name the runtime does not know is a problem", () => {
    expect(configFrom({}).timeZone).toBe("America/Chicago");
    expect(configFrom({ TIME_ZONE: "Pacific/Honolulu" }).timeZone).toBe("Pacific/Honolulu");
    expect(problemsOf({ TIME_ZONE: "Mars/Olympus_Mons" })).toEqual([
      'TIME_ZONE must be an IANA time zone such as America/Chicago, got "Mars/Olympus_Mons"',
    ]);
    expect(problemsOf({ TIME_ZONE: "CST6CDT; rm -rf" })).toHaveLength(1);
  });

  it("lets BLOG_DOMAIN override the derived domain", () => {
    const config = configFrom({
      BLOG_API_URL: "https://f.example.com",
      BLOG_API_KEY: "k",
      BLOG_DOMAIN: "example.org",
    });
    expect(config.blogApi?.domain).toBe("example.org");
  });

  it.each([
    [{ SITE_URL: "not a url" }, "SITE_URL must be an absolute http(s) URL"],
    [{ SITE_URL: "ftp://example.com" }, "SITE_URL must use http or https"],
    [{ FEED_REVALIDATE_SECONDS: "0" }, "FEED_REVALIDATE_SECONDS must be a whole number"],
    [{ FEED_REVALIDATE_SECONDS: "5m" }, "FEED_REVALIDATE_SECONDS must be a whole number"],
    [{ FEED_POLL_MIN_SECONDS: "0" }, "FEED_POLL_MIN_SECONDS must be a whole number"],
    [
      { FEED_POLL_MAX_SECONDS: "600" },
      "FEED_POLL_MAX_SECONDS must not be more than FEED_REVALIDATE_SECONDS (300), the headlines' lifetime",
    ],
    [
      { WEBSUB_CALLBACK_ORIGIN: "https://push.example.com/hooks" },
      "WEBSUB_CALLBACK_ORIGIN must be an origin such as https://push.example.com, without a path",
    ],
    [{ WEBSUB_CALLBACK_ORIGIN: "push.example.com" }, "WEBSUB_CALLBACK_ORIGIN must be an absolute"],
    [
      { YOUTUBE_POSTER_ORIGIN: "https://i.ytimg.com/vi" },
      "YOUTUBE_POSTER_ORIGIN must be an origin such as https://i.ytimg.com, without a path",
    ],
    [
      { YOUTUBE_POSTER_ORIGIN: "file:///tmp/posters" },
      "YOUTUBE_POSTER_ORIGIN must use http or https",
    ],
    [
      { YOUTUBE_POSTER_ORIGIN: "https://user:pw@i.ytimg.com" },
      "YOUTUBE_POSTER_ORIGIN must not carry credentials",
    ],
    [
      { BLOG_API_URL: "https://f.example.com" },
      "BLOG_API_URL and BLOG_API_KEY must be set together",
    ],
    [{ BLOG_API_KEY: "k" }, "BLOG_API_URL and BLOG_API_KEY must be set together"],
    [
      { RADIO_STREAM_ORIGIN: "http://radio.example.com:8076" },
      "RADIO_STREAM_ORIGIN must be a scheme and host only",
    ],
    [
      { RADIO_STREAM_ORIGIN: "http://radio.example.com/stream" },
      "RADIO_STREAM_ORIGIN must be a scheme and host only",
    ],
    [
      { RADIO_STREAM_PORTS: "8076,99999" },
      "RADIO_STREAM_PORTS must be comma-separated port numbers",
    ],
    [{ RADIO_STREAM_PORTS: "80a" }, "RADIO_STREAM_PORTS must be comma-separated port numbers"],
    [{ RADIO_STREAM_PATH: "/../admin" }, "RADIO_STREAM_PATH must be an absolute path"],
    [{ RADIO_STREAM_PATH: "stream" }, "RADIO_STREAM_PATH must be an absolute path"],
    [
      { AD_SCRIPT_URL: "https://ads.example.net/banner.js" },
      'AD_SCRIPT_URL must contain the "{id}" placeholder',
    ],
    [
      { PARTNER_DOC_URLS: "https://a.test/1,https://a.test/2" },
      "PARTNER_DOC_URLS must list exactly 3",
    ],
    [{ EVENTS_WALL_URL: "javascript:alert(1)" }, "EVENTS_WALL_URL must use http or https"],
    [
      { CONTACT_FORM_URL: "https://user:pw@forms.example.com" },
      "CONTACT_FORM_URL must not carry credentials",
    ],
    [
      { EVENTS_WALL_URL: "https://{domain}.walls.example/events" },
      'EVENTS_WALL_URL may hold "{domain}" in its path or query only, got "https://{domain}.walls.example/events"',
    ],
    [
      { CONTACT_FORM_URL: "https://forms.example:{domain}/contact" },
      "CONTACT_FORM_URL must be an absolute http(s) URL",
    ],
  ])("rejects %j", (env, message) => {
    expect(problemsOf(env).join("\n")).toContain(message);
  });

  it("reports every problem at once, naming each variable", () => {
    const problems = problemsOf({
      SITE_URL: "nope",
      FEED_REVALIDATE_SECONDS: "-1",
      RADIO_STREAM_PORTS: "x",
    });
    expect(problems).toHaveLength(3);
    expect(() => configFrom({ SITE_URL: "nope" })).toThrow(
      /Invalid configuration:\n {2}- SITE_URL/,
    );
  });

  it("tells a lone BLOG_API_KEY beside other mistakes, but not after a malformed BLOG_API_URL", () => {
    expect(problemsOf({ SITE_URL: "nope", BLOG_API_KEY: "k" })).toEqual([
      'SITE_URL must be an absolute http(s) URL, got "nope"',
      "BLOG_API_URL and BLOG_API_KEY must be set together (or both left unset for the local blog)",
    ]);
    expect(problemsOf({ BLOG_API_URL: "nope" })).toEqual([
      'BLOG_API_URL must be an absolute http(s) URL, got "nope"',
    ]);
  });

  it("tells the count of PARTNER_DOC_URLS and each malformed one", () => {
    expect(problemsOf({ PARTNER_DOC_URLS: "https://a.test/1,ftp://a.test/2" })).toEqual([
      'PARTNER_DOC_URLS must use http or https, got "ftp:"',
      "PARTNER_DOC_URLS must list exactly 3 comma-separated URLs, got 2",
    ]);
  });

  it("treats blank values as unset", () => {
    expect(configFrom({ SITE_URL: "  ", BLOG_API_URL: "", BLOG_API_KEY: "" }).blogApi).toBeNull();
  });
});

describe("the network's variables", () => {
  it("reads PUBLICATIONS_FILE and TRUST_FORWARDED_HOST", () => {
    const cfg = configFrom({
      PUBLICATIONS_FILE: " /etc/network.json ",
      TRUST_FORWARDED_HOST: "1",
    });
    expect(cfg.publicationsFile).toBe("/etc/network.json");
    expect(cfg.trustForwardedHost).toBe(true);
    expect(configFrom({}).trustForwardedHost).toBe(false);
    expect(configFrom({}).publicationsFile).toBeNull();
  });

  it("refuses a TRUST_FORWARDED_HOST that is neither 0 nor 1", () => {
    expect(() => configFrom({ TRUST_FORWARDED_HOST: "yes" })).toThrow(
      /TRUST_FORWARDED_HOST must be 1/,
    );
  });
});
