/**
 * Embeds that differ by publication: an events wall or a contact form whose address holds
 * "{domain}" (EVENTS_WALL_URL, CONTACT_FORM_URL) is each publication's own, so the readers of
 * one town see their town's events and write to their own newsroom. lib/env.ts keeps the
 * placeholder out of the origin, which the security headers name for the whole network.
 */
import type { Publication } from "./publication";

/** The publication's domain: its host without "www." ("lakeside.example"). */
export function publicationDomain(publication: Pick<Publication, "key">): string {
  return publication.key.replace(/^www\./, "");
}

/** The embed's address for this publication: "{domain}" (as written, or as a URL escapes it in
 * a path) becomes its domain, escaped for the place it stands in. */
export function embedAddress(template: URL, publication: Pick<Publication, "key">): string {
  const domain = encodeURIComponent(publicationDomain(publication));
  return template.toString().replace(/\{domain\}|%7Bdomain%7D/gi, domain);
}
