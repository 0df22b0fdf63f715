/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // The home page lives at a dynamic segment so that, like the section pages, it is not
  // rendered by the offline build but on its first request (see app/front-page/). Its own
  // address redirects to / in proxy.ts.
  async rewrites() {
    return { beforeFiles: [{ source: "/", destination: "/front-page/latest" }] };
  },
};

export default nextConfig;
