import type { AppConfig } from "../env";
import { builtHeadersMismatch, securityHeaders } from "./security-headers";

/** The configuration of a process started with exactly `env`: a fresh lib/env reads it. */
function configFrom(env: Record<string, string>): AppConfig {
  const saved = process.env;
  process.env = { ...env } as NodeJS.ProcessEnv;
  try {
    let config!: AppConfig;
    jest.isolateModules(() => {
      config = jest.requireActual<typeof import("../env")>("../env").config();
    });
    return config;
  } finally {
    process.env = saved;
  }
}

/** The Content-Security-Policy header the site sends with this configuration. */
const contentSecurityPolicy = (cfg: AppConfig, options?: { development?: boolean }) =>
  securityHeaders(cfg, options)["Content-Security-Policy"]!;

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

describe("the Content-Security-Policy", () => {
  it("limits frames to the configured embeds and the video host", () => {
    const policy = directives(
      contentSecurityPolicy(
        configFrom({
          EVENTS_WALL_URL: "https://walls.example.com/embed/events",
          CONTACT_FORM_URL: "https://forms.example.com/contact?embedded=true",
          MARKET_BOARD_URL: "http://127.0.0.1:4010/embed/market-board",
          PARTNER_DOC_URLS: [1, 2, 3].map((n) => `https://drive.example.com/d/${n}/preview`).join(),
        }),
      ),
    );
    expect(policy.get("frame-src")).toEqual([
      "https://walls.example.com",
      "https://forms.example.com",
      "http://127.0.0.1:4010",
      "https://drive.example.com",
      "https://www.youtube-nocookie.com",
    ]);
  });

  it("locks down objects, base, forms, framing and connections", () => {
    const policy = directives(contentSecurityPolicy(configFrom({})));
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'self'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("media-src")).toEqual(["'self'"]);
    expect(policy.get("script-src")).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("allows the ad network's script origin when one is configured", () => {
    const policy = directives(
      contentSecurityPolicy(configFrom({ AD_SCRIPT_URL: "https://ads.example.net/b/{id}.js" })),
    );
    expect(policy.get("script-src")).toEqual([
      "'self'",
      "'unsafe-inline'",
      "https://ads.example.net",
    ]);
  });

  it("allows https and data images; plain http only on an http site", () => {
    const https = directives(
      contentSecurityPolicy(configFrom({ SITE_URL: "https://news.example.com" })),
    );
    expect(https.get("img-src")).toEqual(["'self'", "data:", "https:"]);
    expect(https.has("upgrade-insecure-requests")).toBe(true);
    const http = directives(contentSecurityPolicy(configFrom({ SITE_URL: "http://127.0.0.1" })));
    expect(http.get("img-src")).toEqual(["'self'", "data:", "https:", "http:"]);
    expect(http.has("upgrade-insecure-requests")).toBe(false);
  });

  it("allows eval only in development", () => {
    const policy = directives(contentSecurityPolicy(configFrom({}), { development: true }));
    expect(policy.get("script-src")).toContain("'unsafe-eval'");
  });
});

describe("securityHeaders", () => {
  it("sends HSTS only when the site is https", () => {
    const https = securityHeaders(configFrom({ SITE_URL: "https://news.example.com" }));
    expect(https["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
    const http = securityHeaders(configFrom({ SITE_URL: "http://localhost:3000" }));
    expect(http["Strict-Transport-Security"]).toBeUndefined();
  });

  it("always sends nosniff, the referrer policy and a permissions policy", () => {
    const headers = securityHeaders(configFrom({}));
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["Permissions-Policy"]).toContain("camera=()");
  });
});

describe("builtHeadersMismatch", () => {
  const original = process.env.RIVERBEND_BUILT_SECURITY_HEADERS;
  afterEach(() => {
    if (original === undefined) delete process.env.RIVERBEND_BUILT_SECURITY_HEADERS;
    else process.env.RIVERBEND_BUILT_SECURITY_HEADERS = original;
  });

  it("is quiet when the build and the running configuration give the same headers", () => {
    const cfg = configFrom({ SITE_URL: "https://news.example.com" });
    process.env.RIVERBEND_BUILT_SECURITY_HEADERS = JSON.stringify(securityHeaders(cfg));
    expect(builtHeadersMismatch(cfg)).toBeNull();
  });

  it("names the headers that differ when the site was built with other embed hosts", () => {
    process.env.RIVERBEND_BUILT_SECURITY_HEADERS = JSON.stringify(
      securityHeaders(configFrom({ SITE_URL: "http://localhost:3000" })),
    );
    const running = configFrom({
      SITE_URL: "https://news.example.com",
      EVENTS_WALL_URL: "https://events.example.net/wall",
    });
    const message = builtHeadersMismatch(running);
    expect(message).toContain("Content-Security-Policy");
    expect(message).toContain("Strict-Transport-Security");
  });
});
