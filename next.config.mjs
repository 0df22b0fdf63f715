/** The blog list's `page` values: plain whole numbers 1-9999 (see lib/blog/pagination.ts). */
const BLOG_PAGE_VALUE = "(?<page>[1-9]\\d{0,3})";

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
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
  async redirects() {
    return [
      { source: "/front-page/:path*", destination: "/", permanent: true },
      { source: "/site-map/:path*", destination: "/sitemap", permanent: true },
      { source: "/blog-list/:page", destination: "/blog?page=:page", permanent: true },
      // A `page` that is not a plain whole number from 1 to 9999 (0, -1, abc, 3.5, 1e309,
      // 02...) goes to the first page. Answered here, before any rendering.
      {
        source: "/blog",
        has: [{ type: "query", key: "page", value: `(?!${BLOG_PAGE_VALUE}$).*` }],
        destination: "/blog?page=1",
        permanent: false,
      },
    ];
  },
};

export default nextConfig;
