import { DEFAULT_PUBLICATION } from "./network";
import type { Publication } from "./publication";

/**
 * Editorial texts written once for the whole network (content/: the FAQ, the legal pages) name
 * the publication through placeholders, filled in here for the one that shows them:
 * {{name}}, {{shortName}}, {{town}}, {{email}}, {{phone}}, {{street}}, {{network}},
 * {{publications}}. An unknown placeholder is left as it is, so a typo shows on the page.
 */
export function fillPublication(text: string, publication: Publication): string {
  const values: Record<string, string> = {
    name: publication.name,
    shortName: publication.shortName,
    town: publication.town,
    email: publication.contact.email,
    phone: publication.contact.phone,
    street: publication.contact.street,
    network: DEFAULT_PUBLICATION.network.name,
    publications: String(DEFAULT_PUBLICATION.network.publications),
  };
  return text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
}

/** `fillPublication` over every string of a plain value (a section, a list of pages). */
export function localize<T>(value: T, publication: Publication): T {
  if (typeof value === "string") return fillPublication(value, publication) as T;
  if (Array.isArray(value)) return value.map((item) => localize(item, publication)) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, localize(item, publication)]),
    ) as T;
  }
  return value;
}
