/**
 * What a feed says of its own pace and of its WebSub hub, read from its document's head (the
 * channel or feed element, before the first item) and from the answer's `Link` header:
 *
 * - RSS `<ttl>` (minutes the feed may be cached), RSS 1.0 / 2.0 syndication module
 *   `<sy:updatePeriod>` and `<sy:updateFrequency>` (hourly, twice: every 1,800 s);
 * - WebSub discovery (W3C WebSub, section 4): `rel="hub"` and `rel="self"` links, as Atom
 *   `<link>` elements (in Atom, or `atom:link` in RSS) or in the HTTP `Link` header, which wins.
 *
 * A head is a few hundred bytes: read with patterns, not a second XML parse. Addresses are
 * resolved against the feed's own and kept only when they are http(s); whether the server may
 * reach them is decided where it connects (lib/net).
 */

export interface DocumentHints {
  ttlSeconds: number | null;
  updatePeriodSeconds: number | null;
  hub: string | null;
  self: string | null;
}

const PERIOD_SECONDS: Record<string, number> = {
  hourly: 3_600,
  daily: 86_400,
  weekly: 604_800,
  monthly: 2_592_000,
  yearly: 31_536_000,
};

/** The document up to its first item or entry: the feed's own elements. */
function headOf(text: string): string {
  const first = text.search(/<(?:[A-Za-z_][\w.-]*:)?(?:item|entry)[\s>/]/);
  return first === -1 ? text.slice(0, 65_536) : text.slice(0, first);
}

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    found.set(match[1]!.toLowerCase(), (match[2] ?? match[3] ?? "").replace(/&amp;/g, "&"));
  }
  return found;
}

function absoluteHttp(address: string, base: string): string | null {
  try {
    const url = new URL(address.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

const relHas = (rel: string | undefined, name: string) =>
  (rel ?? "").toLowerCase().split(/\s+/).includes(name);

export function documentHints(text: string, feedUrl: string): DocumentHints {
  const head = headOf(text);
  let hub: string | null = null;
  let self: string | null = null;
  for (const match of head.matchAll(/<(?:[A-Za-z_][\w.-]*:)?link\b([^>]*)>/g)) {
    const attrs = attributes(match[1]!);
    const href = attrs.get("href");
    if (!href) continue;
    if (!hub && relHas(attrs.get("rel"), "hub")) hub = absoluteHttp(href, feedUrl);
    if (!self && relHas(attrs.get("rel"), "self")) self = absoluteHttp(href, feedUrl);
  }
  const ttl = head.match(/<ttl>\s*(\d{1,7})\s*<\/ttl>/i);
  const period = head.match(/<(?:[A-Za-z_][\w.-]*:)?updatePeriod>\s*(\w+)\s*</i);
  const frequency = head.match(/<(?:[A-Za-z_][\w.-]*:)?updateFrequency>\s*(\d{1,6})\s*</i);
  const periodSeconds = period ? PERIOD_SECONDS[period[1]!.toLowerCase()] : undefined;
  const times = frequency ? Math.max(1, Number(frequency[1])) : 1;
  return {
    ttlSeconds: ttl && Number(ttl[1]) > 0 ? Number(ttl[1]) * 60 : null,
    updatePeriodSeconds: periodSeconds ? Math.round(periodSeconds / times) : null,
    hub,
    self,
  };
}

/** rel="hub" and rel="self" of an HTTP Link header (RFC 8288), resolved against the feed's address. */
export function linkHeaderHints(
  header: string | null,
  feedUrl: string,
): { hub: string | null; self: string | null } {
  let hub: string | null = null;
  let self: string | null = null;
  for (const match of (header ?? "").matchAll(/<([^>]*)>((?:\s*;\s*[^,;]+)*)/g)) {
    const rel = match[2]!.match(/;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i);
    const rels = rel?.[1] ?? rel?.[2];
    if (!hub && relHas(rels, "hub")) hub = absoluteHttp(match[1]!, feedUrl);
    if (!self && relHas(rels, "self")) self = absoluteHttp(match[1]!, feedUrl);
  }
  return { hub, self };
}
