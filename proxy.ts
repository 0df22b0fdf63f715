/**
 * The first code every request meets: it answers the few requests no page should see and
 * puts the security headers (lib/security-headers.ts) on every response.
 *
 * Headers are set here rather than in next.config.mjs `headers()`: those are fixed when the
 * site is built, while the policy follows the configuration the server starts with (embed
 * hosts, AD_SCRIPT_URL, SITE_URL's scheme for HSTS), read at run time like the rest of
 * lib/env.ts. Setting headers here does not make a page dynamic: cached pages stay cached.
 */
import { NextResponse, type NextRequest } from "next/server";
import { blogPageHref, parsePageNumber } from "@/lib/blog/pagination";
import { config, type AppConfig } from "@/lib/env";
import { securityHeaders } from "@/lib/security-headers";

let memo: { cfg: AppConfig; headers: [string, string][] } | undefined;

function headersFor(cfg: AppConfig): [string, string][] {
  if (memo?.cfg !== cfg) {
    const development = process.env.NODE_ENV === "development";
    memo = { cfg, headers: Object.entries(securityHeaders(cfg, { development })) };
  }
  return memo.headers;
}

/** A path with a broken percent-escape ("/%zz", "/%ff") that Next.js would answer with a 500. */
function isMalformedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/**
 * Internal addresses that next.config.mjs rewrites to (so those pages render on first request
 * and are cached) are never pages of their own: each sends the reader to its public address.
 */
function publicAddress(pathname: string): string | null {
  const [, first, second, ...rest] = pathname.split("/");
  if (first === "front-page") return "/";
  if (first === "site-map") return "/sitemap";
  if (first === "blog-list") {
    const page = rest.length === 0 ? parsePageNumber(second) : null;
    return page && page > 1 ? blogPageHref(page) : "/blog";
  }
  return null;
}

/** /blog?page=… with a value that is not a page (0, -1, abc, 3.5, 1e309, 02…) goes to page 1. */
function isBadBlogPage(request: NextRequest): boolean {
  if (request.nextUrl.pathname !== "/blog") return false;
  const values = request.nextUrl.searchParams.getAll("page");
  // The rewrite in next.config.mjs reads the last value, as Next.js does.
  return values.length > 0 && parsePageNumber(values[values.length - 1]) === null;
}

function answer(request: NextRequest): NextResponse {
  const { pathname } = request.nextUrl;
  if (isMalformedPath(pathname)) {
    return new NextResponse("Bad Request: the address is not valid.\n", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const target = publicAddress(pathname);
  if (target) return NextResponse.redirect(new URL(target, request.nextUrl), 308);
  if (isBadBlogPage(request)) {
    return NextResponse.redirect(new URL("/blog?page=1", request.nextUrl), 307);
  }
  return NextResponse.next();
}

// No matcher: pages, static files, images and route handlers all get the headers.
export function proxy(request: NextRequest) {
  const response = answer(request);
  for (const [name, value] of headersFor(config())) response.headers.set(name, value);
  return response;
}
