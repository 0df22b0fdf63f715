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

/** The home page's internal address (see next.config.mjs) is never a page of its own. */
function isFrontPagePath(pathname: string): boolean {
  return pathname === "/front-page" || pathname.startsWith("/front-page/");
}

function answer(request: NextRequest): NextResponse {
  const { pathname } = request.nextUrl;
  if (isMalformedPath(pathname)) {
    return new NextResponse("Bad Request: the address is not valid.\n", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  // Here, not in next.config.mjs `redirects()`: those answer before the proxy runs, so their
  // responses would go out without the security headers.
  if (isFrontPagePath(pathname)) {
    const home = request.nextUrl.clone();
    home.pathname = "/";
    home.search = "";
    return NextResponse.redirect(home, 308);
  }
  return NextResponse.next();
}

// No matcher: pages, static files, images and route handlers all get the headers.
export function proxy(request: NextRequest) {
  const response = answer(request);
  for (const [name, value] of headersFor(config())) response.headers.set(name, value);
  return response;
}
