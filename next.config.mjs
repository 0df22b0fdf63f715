// @ts-check
import { fileURLToPath } from "node:url";
import { PHASE_PRODUCTION_SERVER } from "next/constants.js";

/** @import { NextConfig } from "next" */

/**
 * Plain JavaScript, not TypeScript: Next loads a next.config.ts at every start through SWC (its
 * native compiler, about 0.4 s of a network's first answer), where it imports this file as it
 * is. Typed by the JSDoc here (tsconfig's checkJs).
 *
 * Security headers are fixed here, from the configuration the site is BUILT with (lib/env.ts,
 * validated; a malformed value fails the build with the variable's name). Next.js applies them
 * while routing, before any page, static file or redirect is answered, so no middleware runs on
 * the request path of a cached page (measured: docs/benchmarks.md as of bef2f42, "What
 * next.config.ts was measured against"). The values that shape the policy (SITE_URL,
 * AD_SCRIPT_URL, the embed addresses) must therefore be set for `npm run build`;
 * instrumentation-node.ts warns at start when the running configuration would give a different
 * policy.
 *
 * The production server does not take them from here: the build writes the headers and the
 * rewrite into its routes manifest and inlines `env` into the code. So at start
 * (PHASE_PRODUCTION_SERVER) Next gets the rest alone, and lib/env.ts and lib/serving (TypeScript,
 * loaded for the build through jiti) are not loaded in front of the first reader.
 */

/** @type {NextConfig} What every phase has; the build adds the security headers. */
const nextConfig = {
  // Next's file-system cache, except that 404 answers stay in a bounded memory store
  // (lib/cache/cache-handler.mjs): unknown addresses must not fill the disk.
  cacheHandler: fileURLToPath(new URL("./lib/cache/cache-handler.mjs", import.meta.url)),
  // Next's memory copy of the cache's entries, in front of the disk (not used with Redis:
  // lib/cache/redis-cache.mjs). Counted in characters and bytes, so a page, whose text V8 holds
  // at two bytes a character, takes up to twice this much memory (docs/memory.md).
  cacheMaxMemorySize: 32 * 1024 * 1024,
  // The Redis client is shared with the cache handler, which Next loads unbundled
  // (lib/cache/redis-client.mjs keeps one connection per process on globalThis).
  serverExternalPackages: ["redis", "@redis/client"],
  poweredByHeader: false,
  experimental: {
    // The stylesheets go into the page's <head> as <style>, not as <link>s the first paint
    // waits for: on a slow phone each was a round trip after the HTML (docs/benchmarks.md).
    inlineCss: true,
    // Inlined, a stylesheet costs no request, only its bytes, in the head and again in the React
    // payload. Turbopack's default chunking merges the CSS modules of many routes into shared
    // chunks to save requests, so every page carried other pages' styles. Chunked by what each
    // page loads, at no cost per request, a page carries its own (docs/benchmarks.md; held by
    // e2e/quality/js-budget.spec.ts).
    cssChunking: { type: "graph", requestCost: 0 },
  },
  // server.mjs compresses (lib/serving/compressed-pages.mjs): a cached page once, not per request.
  compress: false,
  generateEtags: false,
  reactStrictMode: true,
  // One rewrite: the publication. server.mjs resolves the request's Host to a publication's key
  // and passes it in publication (always its own value, never the client's); this puts it in
  // front of the path, so every page lives below app/[publication] and is cached per publication
  // like any page, while the reader's address stays as it was. After the file system (static files,
  // /_next/, public/, the static API routes are served as they are) and before the dynamic
  // routes; /photo/ (host-free, one photo for every publication) and /api/ are left out.
  // The header is matched by its presence, not by a pattern: Next then takes its value as the
  // parameter `publication` without compiling a regular expression per request. Routing in
  // proxy.ts instead, as the platforms template does, costs every request (docs/benchmarks.md as
  // of bef2f42, "What next.config.ts was measured against").
  async rewrites() {
    return {
      beforeFiles: [],
      afterFiles: [
        {
          source: "/:path((?!photo/|api/).*)",
          has: [{ type: "header", key: "publication" }],
          destination: "/:publication/:path",
        },
      ],
      fallback: [],
    };
  },
};

/**
 * The configuration of each phase (Next's documented form: a function of the phase).
 * @param {string} phase
 * @returns {Promise<NextConfig>}
 */
export default async function config(phase) {
  if (phase === PHASE_PRODUCTION_SERVER) return nextConfig;
  const { createJiti } = await import("jiti");
  const jiti = createJiti(import.meta.url);
  /** @type {typeof import("./lib/env")} */
  const { config: env } = await jiti.import("./lib/env.ts");
  /** @type {typeof import("./lib/serving")} */
  const { BUILT_HEADERS_VARIABLE, securityHeaders } = await jiti.import("./lib/serving/index.ts");
  const built = securityHeaders(env(), { development: process.env.NODE_ENV === "development" });
  return {
    ...nextConfig,
    // proxy.ts and the start-up check read the same values (lib/serving/security-headers.ts).
    env: { [BUILT_HEADERS_VARIABLE]: JSON.stringify(built) },
    async headers() {
      return [
        {
          // An unnamed group, not "/:path*": with no named parameter Next copies the values as
          // they are, where a named one makes it compile every value containing ":" (the CSP's
          // "https:", "data:") as a path pattern on every request.
          source: "/(.*)",
          headers: Object.entries(built).map(([key, value]) => ({ key, value })),
        },
      ];
    },
  };
}
