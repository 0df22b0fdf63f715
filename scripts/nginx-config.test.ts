/**
 * deploy/nginx/riverbend.conf, read as nginx reads its proxy headers: a location that sets any
 * `proxy_set_header` of its own inherits none of its server's. The radio's location once set
 * only Accept-Encoding, so the app got `Host: riverbend_next` and, in a network, answered 421
 * to every listener (found by `npm run soak`).
 */
import { readFileSync } from "node:fs";
import path from "node:path";

const config = readFileSync(path.join(__dirname, "../deploy/nginx/riverbend.conf"), "utf8")
  .split("\n")
  .map((line) => line.replace(/#.*/, ""))
  .join("\n");

/** Each `server { }` block's own directives and its `location { }` blocks. */
function blocks(text: string, keyword: string): { head: string; body: string }[] {
  const found: { head: string; body: string }[] = [];
  const pattern = new RegExp(`(^|\\n)\\s*(${keyword}[^{;]*)\\{`, "g");
  for (const match of text.matchAll(pattern)) {
    let depth = 1;
    let at = (match.index ?? 0) + match[0].length;
    const start = at;
    while (depth > 0 && at < text.length) {
      if (text[at] === "{") depth++;
      if (text[at] === "}") depth--;
      at++;
    }
    found.push({ head: (match[2] ?? "").trim(), body: text.slice(start, at - 1) });
  }
  return found;
}

const headersOf = (text: string) =>
  new Map(
    [...text.matchAll(/proxy_set_header\s+(\S+)\s+([^;]*);/g)].map((m) => [
      (m[1] ?? "").toLowerCase(),
      m[2],
    ]),
  );

describe("the cache tier's proxy headers", () => {
  const servers = blocks(config, "server");

  it("has servers with locations to check", () => {
    expect(servers.length).toBeGreaterThanOrEqual(2);
    expect(servers.flatMap((s) => blocks(s.body, "location")).length).toBeGreaterThan(4);
  });

  it.each(servers.map((server, i) => [i, server] as const))(
    "server %i: a location with headers of its own sends Host and the client's address too",
    (_i, server) => {
      const locations = blocks(server.body, "location");
      const own = locations.reduce((text, l) => text.replace(l.body, ""), server.body);
      const inherited = headersOf(own);
      for (const location of locations) {
        const headers = headersOf(location.body);
        if (!/proxy_pass/.test(location.body)) continue;
        const effective = headers.size ? headers : inherited;
        expect({ location: location.head, host: effective.get("host") }).toEqual({
          location: location.head,
          host: "$host",
        });
        if (inherited.has("x-real-ip"))
          expect({ location: location.head, realIp: effective.has("x-real-ip") }).toEqual({
            location: location.head,
            realIp: true,
          });
      }
    },
  );
});

describe("the cache tier and search", () => {
  const front = blocks(config, "server")[0]!;
  const locations = blocks(front.body, "location");

  it("never looks /search up or stores it, and still sends it to the rate-limited gate", () => {
    const search = locations.find((location) => location.head === "location = /search");
    expect(search?.body).toMatch(/^\s*proxy_cache off;/m);
    expect(search?.body).toMatch(/^\s*proxy_pass http:\/\/riverbend_gate;/m);
  });

  it("keys stored pages by no query parameter (search, the one that changes a page, is not stored)", () => {
    const key = /proxy_cache_key\s+"([^"]*)";/.exec(front.body)?.[1];
    expect(key).toBeDefined();
    expect(key).not.toMatch(/\$arg_(?!_rsc\b)/);
  });
});
