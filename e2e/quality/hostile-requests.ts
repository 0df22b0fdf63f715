/**
 * The hostile-request corpus: path traversal, encoded and double-encoded paths, 8 KB paths,
 * unicode and null bytes, odd and repeated query values, huge and forged headers and odd
 * methods, each payload tried under several route prefixes.
 */
import type { RawRequest } from "./raw-http";

export interface HostileCase {
  category: string;
  request: RawRequest;
  /** A GET of a path no route serves: the answer must be the 404 page. */
  unknownPath: boolean;
  /** Broken percent-escapes, raw non-ASCII or control bytes: 400 Bad Request is a fair answer. */
  malformed: boolean;
  /** Over the server's header size limit: 431 or 414 is a fair answer. */
  tooLarge: boolean;
}

function isMalformed(target: string | Buffer): boolean {
  const bytes = typeof target === "string" ? Buffer.from(target) : target;
  // A request line is ASCII: raw unicode, null and control bytes must be percent-encoded
  // (Node's HTTP parser refuses them with 400 before the app sees the request).
  if (bytes.some((byte) => byte < 0x21 || byte > 0x7e)) return true;
  try {
    decodeURIComponent(bytes.toString("latin1").split("?")[0]!);
    return false;
  } catch {
    return true;
  }
}

/** Pages a traversal can resolve to ("/sports/../faq" is /faq): those answer 200. */
const KNOWN_PAGES = new Set(["/", "/sports", "/faq"]);

function isUnknownPath(target: string | Buffer): boolean {
  if (typeof target !== "string") return true;
  return !KNOWN_PAGES.has(new URL(target.split("?")[0]!, "http://x").pathname);
}

/** Over Node's 16 KB header limit: 431 (or 414) is the right answer. */
const TOO_LARGE = 16 * 1024;

const PREFIXES = [
  "",
  "/sports",
  "/blog",
  "/faq",
  "/front-page",
  "/api",
  "/images",
  "/_next/static",
];

const TRAVERSAL = [
  "/../../../../etc/passwd",
  "/..%2f..%2f..%2fetc%2fpasswd",
  "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
  "/%2e%2e%2f%2e%2e%2fpackage.json",
  "/..\\..\\..\\windows\\win.ini",
  "/..%5c..%5cpackage.json",
  "/....//....//etc/passwd",
  "/.env",
  "/.git/config",
  "/.next/BUILD_ID",
  "/node_modules/next/package.json",
  "/%2e%2e%2f.env",
  "/;/../.env",
  "/..;/package.json",
];

const ENCODED = [
  "/%252e%252e%252fetc%252fpasswd",
  "/%25",
  "/%",
  "/%zz",
  "/%c0%ae%c0%ae/%c0%afetc",
  "/%ff%fe",
  "/%2f%2fevil.example",
  "//evil.example/%2e%2e",
  "/%252F",
  "/%25252e%25252e",
  "/sp%6frts-desk",
  "/%u002e%u002e/",
  "/%E2%80%AE%E2%80%AD",
  "/a%0d%0aSet-Cookie:%20x=1",
  "/%0a",
  "/%09",
];

const UNICODE: (string | Buffer)[] = [
  "/ü",
  "/日本語のページ",
  "/💩",
  "/%00",
  "/x%00",
  "/%00.js",
  "/\u202egnp.exe",
  "/%F0%9F%92%A9",
  "/%ED%A0%80",
  "/%C3%28",
  "/Ω/../Ω",
  Buffer.from([0x2f, 0x61, 0x00, 0x62]), // "/a\0b": a raw null byte
  Buffer.from([0x2f, 0xff, 0xfe, 0x41]), // bytes that are not UTF-8
];

const LONG = [
  "/" + "a".repeat(8 * 1024),
  "/" + "a/".repeat(4 * 1024),
  "/" + "%41".repeat(2730),
  "/" + "../".repeat(2730),
  "/" + "é".repeat(4 * 1024),
  "/" + "a".repeat(16 * 1024),
  "/" + "%25".repeat(2730),
];

const QUERY_TARGETS = ["/", "/sports", "/faq", "/terms", "/no-such-page", "/_next/image"];
const QUERIES = [
  "?q=1&q=2&q=3&q=4",
  "?__proto__[polluted]=1",
  "?constructor[prototype][polluted]=1",
  "?a[]=1&a[]=2&a[x]=3",
  "?_rsc=",
  "?_rsc=../../x",
  "?q=%00",
  `?q=${"x".repeat(6000)}`,
  "?%",
  "?&&&&=&=",
  "?x=%ZZ",
  "?url=http://169.254.169.254/latest/meta-data&w=64&q=75",
  "?url=/etc/passwd&w=64&q=75",
  "?url=%2F..%2F..%2Fpackage.json&w=64&q=75",
  "?w=99999999&q=-1&url=/images/default-news.svg",
  `?${Array.from({ length: 500 }, (_, i) => `k${i % 7}=v${i}`).join("&")}`,
];

const HEADER_TARGETS = ["/", "/sports", "/terms", "/no-such-page", "/search?q=river"];
const HEADER_SETS: { method?: string; headers: [string, string][]; body?: string }[] = [
  { headers: [["Cookie", `session=${"c".repeat(12 * 1024)}`]] },
  { headers: [["X-Padding", "p".repeat(40 * 1024)]] },
  { headers: Array.from({ length: 150 }, (_, i): [string, string] => [`X-Extra-${i}`, "1"]) },
  { headers: [["X-Forwarded-Host", "evil.example"]] },
  {
    headers: [
      ["X-Forwarded-Proto", "javascript"],
      ["X-Forwarded-For", "::1, 999.1.1.1"],
    ],
  },
  {
    headers: [
      ["RSC", "1"],
      ["Next-Router-State-Tree", "garbage"],
    ],
  },
  {
    headers: [
      ["RSC", "1"],
      ["Next-Router-State-Tree", "%5B%22%22%2C%7B"],
    ],
  },
  {
    headers: [
      ["RSC", "1"],
      ["Next-Router-Prefetch", "1"],
      ["Next-Router-Segment-Prefetch", "/../../x"],
    ],
  },
  { headers: [["x-middleware-subrequest", Array(6).fill("proxy").join(":")]] },
  {
    headers: [
      ["Accept", "*/*;q=abc"],
      ["Accept-Encoding", "gzip;q=2, br;q=-1, zstd, x".repeat(50)],
    ],
  },
  { headers: [["Range", "bytes=999999999-,-5,a-b"]] },
  { headers: [["If-None-Match", `"${"e".repeat(4000)}"`]] },
  {
    method: "POST",
    headers: [
      ["Next-Action", "0000000000000000000000000000000000000000"],
      ["Content-Type", "text/plain;charset=UTF-8"],
    ],
    body: '["$@1"]',
  },
  {
    method: "POST",
    headers: [["Content-Type", "multipart/form-data; boundary=---x"]],
    body: '---x\r\nContent-Disposition: form-data; name="a"\r\n\r\n' + "z".repeat(2000),
  },
];

// TRACE and TRACK on pages: proxy.ts no longer runs there. (On the few addresses it does handle,
// Next.js still answers them with a 500 before proxy.ts runs: it builds a WHATWG Request, which
// refuses them. The cache tier refuses both methods; docs/known-limits.md.)
const METHODS = ["PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND", "BREW", "HEAD", "TRACE", "TRACK"];
const METHOD_TARGETS = ["/", "/terms", "/sports", "/no-such-page", "/_next/static/x.js"];

export function hostileCases(): HostileCase[] {
  const cases: HostileCase[] = [];
  const paths = (category: string, payloads: (string | Buffer)[], prefixes: string[]) => {
    for (const prefix of prefixes) {
      for (const payload of payloads) {
        const target =
          typeof payload === "string"
            ? prefix + payload
            : Buffer.concat([Buffer.from(prefix), payload]);
        cases.push({
          category,
          request: { target },
          unknownPath: isUnknownPath(target),
          malformed: isMalformed(target),
          tooLarge: target.length > TOO_LARGE,
        });
      }
    }
  };
  paths("path traversal", TRAVERSAL, PREFIXES);
  paths("encoded paths", ENCODED, PREFIXES);
  paths("unicode and null bytes", UNICODE, PREFIXES);
  paths("long paths", LONG, ["", "/sports", "/_next/static"]);
  for (const target of QUERY_TARGETS) {
    for (const query of QUERIES) {
      cases.push({
        category: "query values",
        request: { target: target + query },
        unknownPath: target === "/no-such-page",
        malformed: isMalformed(target + query),
        tooLarge: false,
      });
    }
  }
  for (const target of HEADER_TARGETS) {
    for (const set of HEADER_SETS) {
      cases.push({
        category: "headers",
        request: { target, method: set.method, headers: set.headers, body: set.body },
        unknownPath: false,
        malformed: false,
        tooLarge: false,
      });
    }
  }
  for (const target of METHOD_TARGETS) {
    for (const method of METHODS) {
      cases.push({
        category: "methods",
        request: { target, method },
        unknownPath: false,
        malformed: false,
        tooLarge: false,
      });
    }
  }
  return cases;
}
