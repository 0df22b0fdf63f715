/**
 * The security headers every response carries, built from the configuration (pure: tested
 * in security-headers.test.ts). next.config.mjs fixes them at build time for every route.
 */
import type { AppConfig } from "../env";

/** The privacy-enhanced player the featured video and blog videos embed (lib/youtube.ts). */
const VIDEO_EMBED_ORIGIN = "https://www.youtube-nocookie.com";

type HeaderConfig = Pick<AppConfig, "siteUrl" | "adScriptUrl" | "embeds">;

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function contentSecurityPolicy(
  cfg: HeaderConfig,
  { development = false }: { development?: boolean } = {},
): string {
  const https = cfg.siteUrl.protocol === "https:";
  const { eventsWallUrl, contactFormUrl, marketBoardUrl, partnerDocUrls } = cfg.embeds;
  const frameOrigins = unique(
    [eventsWallUrl, contactFormUrl, marketBoardUrl, ...partnerDocUrls].map((url) => url.origin),
  );
  // AD_SCRIPT_URL is validated by lib/env.ts; "{id}" is a path or query placeholder.
  const adOrigin = cfg.adScriptUrl ? new URL(cfg.adScriptUrl.replace("{id}", "0")).origin : null;

  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    // 'unsafe-inline', not nonces: Next.js bootstraps every page with inline scripts, and a
    // nonce must be new on each response, which would force dynamic rendering and end the
    // cached (ISR/prerendered) pages. Scripts from other hosts stay blocked except the ad
    // network's. React's development build also needs eval.
    [
      "script-src",
      "'self'",
      "'unsafe-inline'",
      ...(adOrigin ? [adOrigin] : []),
      ...(development ? ["'unsafe-eval'"] : []),
    ],
    // Inline style attributes (reserved ad and embed heights, the slider's fill) and Next's styles.
    ["style-src", "'self'", "'unsafe-inline'"],
    // Headline photos and video posters are the site's own (lib/photos): no YouTube host here.
    // Other hosts' images are the blog's (a post's image card, its logos), from any host. On an
    // https site plain-http images would be upgraded anyway (upgrade-insecure-requests); an
    // http site may show them as they are.
    ["img-src", "'self'", "data:", "https:", ...(https ? [] : ["http:"])],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    // The radio plays through the same-origin /api/stream proxy.
    ["media-src", "'self'"],
    ["frame-src", ...frameOrigins, VIDEO_EMBED_ORIGIN],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'self'"],
  ];
  if (https) directives.push(["upgrade-insecure-requests"]);
  return directives.map((directive) => directive.join(" ")).join("; ");
}

export function securityHeaders(
  cfg: HeaderConfig,
  options: { development?: boolean } = {},
): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(cfg, options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // Features no page uses. Autoplay, fullscreen and encrypted media stay available to the
    // video player, which asks for them.
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "X-Frame-Options": "SAMEORIGIN",
    ...(cfg.siteUrl.protocol === "https:"
      ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" }
      : {}),
  };
}

/**
 * next.config.mjs inlines the headers it was built with under this name (its `env`).
 * @public loaded for the build through jiti, which knip does not follow.
 */
export const BUILT_HEADERS_VARIABLE = "RIVERBEND_BUILT_SECURITY_HEADERS";

/** The headers this build answers with: the ones next.config.mjs computed at build time. */
export function builtSecurityHeaders(): Record<string, string> {
  // A literal property access, so the build can inline it (see next.config.mjs `env`).
  const value = process.env.RIVERBEND_BUILT_SECURITY_HEADERS;
  return value ? (JSON.parse(value) as Record<string, string>) : {};
}

/**
 * The variables that shape the policy differ between build and start: the site answers with
 * the build's policy. Returns a message for the operator, or null when they agree.
 */
export function builtHeadersMismatch(cfg: HeaderConfig): string | null {
  const built = builtSecurityHeaders();
  if (Object.keys(built).length === 0) return null;
  const running = securityHeaders(cfg);
  const differing = Object.keys({ ...built, ...running }).filter(
    (name) => built[name] !== running[name],
  );
  return differing.length === 0
    ? null
    : `security headers were fixed at build time from a different configuration (${differing.join(", ")} differ); ` +
        "set SITE_URL, AD_SCRIPT_URL and the embed addresses for `npm run build` as for `npm start`, then rebuild";
}
