import { config } from "../env";
import { PARTNER_SITES, DEFAULT_PUBLICATION, SOCIAL_LINKS } from "./network";
import type { Publication } from "./publication";
import { hostKey } from "./hosts.mjs";
import { readPublicationsFile, type PublicationEntry } from "./publications-file.mjs";

/**
 * The publications this process serves: the file PUBLICATIONS_FILE names, read once at start
 * (a restart adds one; the build never reads it), or the one embedded publication.
 * Lookups are by key (the host), one Map lookup whatever the size of the network.
 */

/** The network's look where a publication says nothing (app/globals.css's accent). */
export const NETWORK_ACCENT = "#a3161b";

interface Registry {
  list: Publication[];
  byKey: Map<string, Publication>;
}

let registry: Registry | undefined;

function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^[A-Za-z0-9]/.test(word));
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");
}

function withoutArticle(name: string): string {
  return name.replace(/^the\s+/i, "");
}

/** A file's entry with every default filled in. */
export function fromEntry(entry: PublicationEntry): Publication {
  const shortName = entry.shortName ?? withoutArticle(entry.name);
  const town = entry.town ?? shortName.split(/\s+/)[0]!;
  const url = new URL(entry.url);
  return {
    key: entry.key,
    url,
    name: entry.name,
    shortName,
    town,
    tagline: entry.tagline ?? DEFAULT_PUBLICATION.tagline,
    description:
      entry.description ??
      `${entry.name}: local news for ${town} with national and world headlines, business, sports, culture, a newsroom blog and live radio.`,
    initials: entry.initials ?? initialsOf(shortName),
    accent: entry.accent ?? NETWORK_ACCENT,
    blogDomain: entry.blogDomain,
    feeds: entry.feeds,
    revalidateSecret: entry.revalidateSecret,
    contact: {
      email: entry.contact?.email ?? `newsroom@${entry.blogDomain}`,
      phone: entry.contact?.phone ?? DEFAULT_PUBLICATION.contact.phone,
      address: entry.contact?.address ?? [entry.name, town],
      street: (entry.contact?.address ?? [entry.name, town]).slice(1).join(", ") || town,
    },
    social: entry.social ?? [],
    // The network's partners, less the publication itself.
    partners:
      entry.partners ??
      PARTNER_SITES.filter((site) => hostKey(new URL(site.href).hostname) !== entry.key),
    radio: { ports: entry.radio?.ports ?? null },
    timeZone: entry.timeZone ?? config().timeZone,
  };
}

/** The one publication of a deployment without PUBLICATIONS_FILE: today's variables. */
export function embeddedPublication(): Publication {
  const cfg = config();
  return {
    key: hostKey(cfg.siteUrl.hostname),
    url: cfg.siteUrl,
    name: DEFAULT_PUBLICATION.name,
    shortName: DEFAULT_PUBLICATION.shortName,
    town: "Riverbend",
    tagline: DEFAULT_PUBLICATION.tagline,
    description: DEFAULT_PUBLICATION.description,
    timeZone: cfg.timeZone,
    initials: initialsOf(DEFAULT_PUBLICATION.shortName),
    accent: NETWORK_ACCENT,
    blogDomain: cfg.blogApi?.domain ?? cfg.blogDomain,
    feeds: {},
    revalidateSecret: null,
    contact: { ...DEFAULT_PUBLICATION.contact, street: "100 Main Street, Riverbend" },
    social: SOCIAL_LINKS,
    partners: PARTNER_SITES,
    radio: { ports: null },
  };
}

function load(): Registry {
  if (registry) return registry;
  const file = config().publicationsFile;
  // The sections a publication's "feeds" names are checked at start by lib/news (the sections'
  // owner): checkPublicationFeeds, from instrumentation-node.ts.
  const list = file ? readPublicationsFile(file).map(fromEntry) : [embeddedPublication()];
  registry = { list, byKey: new Map(list.map((p) => [p.key, p])) };
  return registry;
}

/** Every publication served, in the file's order. */
export function publications(): readonly Publication[] {
  return load().list;
}

/** The publication of a route's [publication] segment (its key); undefined for any other value. */
export function publicationByKey(key: string): Publication | undefined {
  return load().byKey.get(key);
}
