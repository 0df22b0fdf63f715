import type { NavLink } from "./network";

/**
 * One publication of the network: what its readers see that differs from another's. Built from
 * PUBLICATIONS_FILE (lib/publication/publications-file.mjs validates it), or, with no file, the
 * one embedded publication built from the environment (lib/env.ts) and lib/publication/network.ts.
 *
 * The publication is an argument: routes get it from their [publication] segment
 * (publicationFromParams) and hand it to lib/ and components/, never a global read deep inside.
 */
export interface Publication {
  /** Its host in lower case, e.g. "lakeside.example": the route segment, the start of its
   * cache keys, tags and Redis keys. */
  key: string;
  /** Canonical origin: every absolute link, canonical, sitemap and share image uses it. */
  url: URL;
  name: string;
  /** The name without its article, for tight places ("Lakeside Ledger"). */
  shortName: string;
  town: string;
  tagline: string;
  description: string;
  /** The logo's letters, e.g. "LL". */
  initials: string;
  /** The accent colour, e.g. "#0b5394". */
  accent: string;
  /** `domain` sent to the blog's functions host. */
  blogDomain: string;
  /** Feed lists replacing the network's for some sections. */
  feeds: Readonly<Partial<Record<string, readonly string[]>>>;
  /** This publication's editors' secret for POST /api/revalidate; null: only the network's. */
  revalidateSecret: string | null;
  /** `street`: the one-line postal address texts use ("100 Main Street, Riverbend"). */
  contact: { email: string; phone: string; address: readonly string[]; street: string };
  social: readonly NavLink[];
  partners: readonly NavLink[];
  /** Ports of its radio station on RADIO_STREAM_ORIGIN (replacing RADIO_STREAM_PORTS). */
  radio: { ports: readonly number[] | null };
  /** The IANA time zone every date its readers see is in (its entry's, else TIME_ZONE). */
  timeZone: string;
}
