/** A publication as the file gives it, validated and with its defaults filled in. */
export interface PublicationEntry {
  /** Its host, lower case: the route segment and the start of its cache keys. */
  key: string;
  /** Canonical origin, e.g. "https://lakeside.example". */
  url: string;
  name: string;
  shortName?: string;
  blogDomain: string;
  feeds: Record<string, string[]>;
  revalidateSecret: string | null;
  town?: string;
  tagline?: string;
  timeZone?: string;
  description?: string;
  initials?: string;
  accent?: string;
  contact?: { email?: string; phone?: string; address?: string[] };
  social?: { label: string; href: string }[];
  partners?: { label: string; href: string }[];
  radio?: { ports: number[] };
}

export class PublicationsFileError extends Error {
  constructor(problems: string[]);
  readonly problems: string[];
}

export function hostKey(value: string): string;
export function requestHostKey(header: string | undefined): string;
export function parsePublications(
  json: string,
  options?: { sections?: readonly string[] },
): PublicationEntry[];
export function readPublicationsFile(
  path: string,
  options?: { sections?: readonly string[] },
): PublicationEntry[];
