import { fileURLToPath } from "node:url";

/** The blog list's `page` values: plain whole numbers 1-9999 (lib/blog/pagination.ts agrees). */
const BLOG_PAGE_VALUE = "(?<page>[1-9]\\d{0,3})";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Next's file-system cache, except that 404 answers stay in a bounded memory store
  // (lib/cache-handler.mjs): unknown addresses must not fill the disk.
  cacheHandler: fileURLToPath(new URL("./lib/cache-handler.mjs", import.meta.url)),
  poweredByHeader: false,
  reactStrictMode: true,
  // Internal addresses (/front-page, /site-map, /blog-list) and bad blog `page` values are
  // redirected in proxy.ts, not here: redirects() answer before the proxy runs, so their
  // responses would go out without the security headers.
  async rewrites() {
    return {
      beforeFiles: [
        // The home page lives at a dynamic segment so that, like the section pages, it is not
        // rendered by the offline build but on its first request (see app/front-page/).
        { source: "/", destination: "/front-page/latest" },
        // The human sitemap reads the blog too: rendered on first request, like the home page.
        { source: "/sitemap", destination: "/site-map/latest" },
        // The blog list: /blog and /blog?page=N are served by app/blog-list/[page], so each
        // list page is cached like any page instead of rendered per request.
        {
          source: "/blog",
          has: [{ type: "query", key: "page", value: BLOG_PAGE_VALUE }],
          destination: "/blog-list/:page",
        },
        { source: "/blog", destination: "/blog-list/1" },
      ],
    };
  },
};

export default nextConfig;
