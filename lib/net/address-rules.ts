import dns from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Which network addresses the server may reach on behalf of an outside party (a feed's
 * redirect). Only public unicast addresses: never loopback, private (RFC 1918), carrier-grade
 * NAT, link-local (with the cloud metadata address 169.254.169.254), unique-local, multicast,
 * reserved or unspecified ones, in IPv4 or IPv6, nor IPv4 addresses wrapped in IPv6
 * (::ffff:127.0.0.1, NAT64 64:ff9b::/96). The check runs on the address actually connected
 * to (guardedLookup), so a name that resolves to a public address once and a private one the
 * next time (DNS rebinding) gains nothing.
 */

export class AddressRefusedError extends Error {
  readonly code = "ERR_ADDRESS_REFUSED";
  constructor(
    readonly host: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(
      host === address
        ? `refused ${range} address ${address}`
        : `refused ${host}: it resolves to the ${range} address ${address}`,
    );
    this.name = "AddressRefusedError";
  }
}

/** IPv6 ranges that carry an IPv4 address in their last 32 bits. */
const EMBEDS_IPV4 = new Set(["ipv4Mapped", "rfc6052", "rfc6145"]);

/** The range an address belongs to when it is refused, else null (public unicast). */
export function refusedRange(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!ipaddr.isValid(bare)) return "invalid";
  const parsed = ipaddr.parse(bare);
  const range = parsed.range();
  if (parsed.kind() === "ipv4") return range === "unicast" ? null : range;
  if (range === "unicast") return null;
  if (EMBEDS_IPV4.has(range)) {
    const bytes = parsed.toByteArray().slice(12);
    const inner = refusedRange(bytes.join("."));
    return inner === null ? null : `${range} ${inner}`;
  }
  return range;
}

export function isPublicAddress(address: string): boolean {
  return refusedRange(address) === null;
}

/** Throws AddressRefusedError when `hostname` is an IP literal outside the public ranges. */
export function assertPublicLiteral(hostname: string): void {
  const bare = hostname.replace(/^\[|\]$/g, "");
  if (isIP(bare) === 0) return;
  const range = refusedRange(bare);
  if (range !== null) throw new AddressRefusedError(bare, bare, range);
}

type LookupOptions = Parameters<LookupFunction>[1];
type LookupCallback = Parameters<LookupFunction>[2];

/**
 * A `lookup` for node:http(s) agents and requests: resolves as usual, then keeps only public
 * addresses; when none is left the connection fails with AddressRefusedError. Node calls
 * lookup only for names, so IP literals must be checked with assertPublicLiteral first.
 */
export const guardedLookup: LookupFunction = (
  hostname: string,
  options: LookupOptions,
  callback: LookupCallback,
) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const list = addresses as dns.LookupAddress[];
    const allowed = list.filter((entry) => isPublicAddress(entry.address));
    if (allowed.length === 0) {
      const first = list[0];
      const refused = new AddressRefusedError(
        hostname,
        first?.address ?? "?",
        first ? (refusedRange(first.address) ?? "unknown") : "unknown",
      );
      return callback(refused as NodeJS.ErrnoException, "", 0);
    }
    if ((options as { all?: boolean }).all) {
      return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, allowed);
    }
    callback(null, allowed[0]!.address, allowed[0]!.family);
  });
};
