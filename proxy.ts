/**
 * Runs only for the few addresses that need logic before routing (see `config.matcher`); the
 * request path of pages, static files and route handlers never meets it. Security headers come
 * from next.config.mjs for every response; this file sets them on its own answers too, because
 * Next.js sends a proxy's redirect without the configured headers.
 */
import { NextResponse, type NextRequest } from "next/server";
import { archiveReachable } from "@/lib/archive";
import { blogPageHref, parsePageNumber } from "@/lib/blog/pagination";
import { builtSecurityHeaders } from "@/lib/serving";

const headers = Object.entries(builtSecurityHeaders());

function withHeaders(response: NextResponse): NextResponse {
  for (const [name, value] of headers) response.headers.set(name, value);
  return response;
}

/** Where an internal address, or the blog list's old `?page=N` address, belongs; else null. */
function publicAddress(request: NextRequest): string | null {
  const { pathname, searchParams } = request.nextUrl;
  if (pathname === "/blog/page/1") return "/blog";
  if (pathname === "/blog" && searchParams.has("page")) {
    // The list's addresses before its pages had paths of their own. Next.js reads the last
    // value of a repeated parameter; so does this. Values that are not pages go to page 1.
    const values = searchParams.getAll("page");
    return blogPageHref(parsePageNumber(values[values.length - 1]) ?? 1);
  }
  return null;
}

/** A path with a broken percent-escape ("/%zz", "/%ff"), which Next.js would answer with a 500. */
function isMalformedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/**
 * /search with the archive away: the page renders as usual (it says search is unavailable, see
 * app/[publication]/search/page.tsx), answered 503 and never stored. A page cannot set its own
 * status; the proxy's status stands for the page it lets through. The probe is cached a second
 * (lib/archive/health.ts), and the page asks the same one.
 */
async function searchAnswer(): Promise<NextResponse> {
  if (await archiveReachable()) return NextResponse.next();
  return NextResponse.next({ status: 503, headers: { "Cache-Control": "no-store" } });
}

export async function proxy(request: NextRequest) {
  if (request.nextUrl.pathname === "/search") return searchAnswer();
  if (isMalformedPath(request.nextUrl.pathname)) {
    return withHeaders(
      new NextResponse("Bad Request: the address is not valid.\n", {
        status: 400,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      }),
    );
  }
  const address = publicAddress(request);
  if (address === null) return NextResponse.next();
  const target = new URL(address, request.nextUrl);
  target.search = "";
  return withHeaders(NextResponse.redirect(target, 308));
}

export const config = {
  matcher: [
    // Search answers 503 while the archive is away (searchAnswer).
    "/search",
    // The blog list's page 1 has one address, /blog (app/[publication]/blog/[[...rest]]).
    "/blog/page/1",
    { source: "/blog", has: [{ type: "query", key: "page" }] },
    // Paths that may hold a broken escape: a "%" not followed by two hex digits, or a non-ASCII
    // byte (which may not be valid UTF-8). Plain paths never meet the proxy.
    "/:path(.*%(?:(?![0-9A-Fa-f]{2})|[89A-Fa-f][0-9A-Fa-f]).*)",
  ],
};
