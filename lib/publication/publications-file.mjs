/**
 * The network's publications file (PUBLICATIONS_FILE): parsed and validated here, once, for
 * both the server in front of Next (server.mjs, plain Node: it maps a request's host to its
 * publication before Next sees the request) and the app (lib/publication/registry.ts).
 * Plain JavaScript for that reason; the types are in publications-file.d.mts.
 *
 * A mistake is a PublicationsFileError that names the publication and the field, so the
 * server stops at start with a message an operator can act on.
 */
import { readFileSync } from "node:fs";

/** Fields an entry may carry; anything else is a typo and stops the server. */
const FIELDS = new Set([
  "url",
  "name",
  "shortName",
  "blogDomain",
  "feeds",
  "revalidateSecret",
  "town",
  "tagline",
  "description",
  "initials",
  "accent",
  "contact",
  "social",
  "partners",
  "radio",
]);

const HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;
const SECRET_MIN = 16;

export class PublicationsFileError extends Error {
  /** @param {string[]} problems */
  constructor(problems) {
    super(`Invalid PUBLICATIONS_FILE:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "PublicationsFileError";
    this.problems = problems;
  }
}

/** The key a publication is known by everywhere (route segment, cache keys): its host. */
export function hostKey(value) {
  return String(value).trim().toLowerCase().replace(/\.$/, "");
}

/** A request's Host header as a key: lower case, port and a trailing dot removed. */
export function requestHostKey(header) {
  if (typeof header !== "string" || header.length === 0 || header.length > 255) return "";
  const host = header.startsWith("[") ? header : header.replace(/:\d*$/, "");
  return hostKey(host);
}

/** WCAG's contrast ratio of a #rrggbb colour against white (the header's and buttons' text). */
function contrastWithWhite(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (luminance + 0.05);
}

function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * @param {string} json the file's text
 * @param {{ sections?: readonly string[] }} [options] the section slugs feeds may name
 *   (the app passes them; the server checks the rest)
 */
export function parsePublications(json, options = {}) {
  /** @type {string[]} */
  const problems = [];
  let data;
  try {
    data = JSON.parse(json);
  } catch (error) {
    throw new PublicationsFileError([`not valid JSON: ${error.message}`]);
  }
  if (!isObject(data) || !Array.isArray(data.publications)) {
    throw new PublicationsFileError(['must be an object { "publications": [ ... ] }']);
  }
  if (data.publications.length === 0) {
    throw new PublicationsFileError(['"publications" lists no publication']);
  }

  const publications = [];
  const seen = new Map();
  data.publications.forEach((entry, index) => {
    const label = `publication ${index + 1}${isObject(entry) && typeof entry.url === "string" ? ` (${entry.url})` : ""}`;
    const problem = (field, text) => problems.push(`${label}: "${field}" ${text}`);
    if (!isObject(entry)) {
      problems.push(`${label}: must be an object`);
      return;
    }
    for (const field of Object.keys(entry)) {
      if (!FIELDS.has(field)) problem(field, "is not a field of a publication (a typo?)");
    }

    const text = (field, { required = false, max = 200 } = {}) => {
      const value = entry[field];
      if (value === undefined) {
        if (required) problem(field, "is required");
        return undefined;
      }
      if (typeof value !== "string" || value.trim() === "") {
        problem(field, "must be a non-empty string");
        return undefined;
      }
      if (value.length > max) {
        problem(field, `must be at most ${max} characters`);
        return undefined;
      }
      return value.trim();
    };

    const httpUrl = (field, value) => {
      let url;
      try {
        url = new URL(String(value));
      } catch {
        problem(field, `must be an absolute http(s) URL, got "${value}"`);
        return null;
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        problem(field, `must use http or https, got "${value}"`);
        return null;
      }
      if (url.username || url.password) {
        problem(field, "must not carry credentials");
        return null;
      }
      return url;
    };

    let url = null;
    if (entry.url === undefined) problem("url", "is required");
    else {
      url = httpUrl("url", entry.url);
      if (url && (url.pathname !== "/" || url.search || url.hash)) {
        problem("url", `must be an origin only (scheme, host, port), got "${entry.url}"`);
        url = null;
      }
      if (url && !HOST.test(url.hostname)) {
        problem("url", `must name a host by its name, got "${url.hostname}"`);
        url = null;
      }
    }
    const key = url ? hostKey(url.hostname) : null;
    if (key) {
      if (seen.has(key)) problem("url", `names the host "${key}" again (${seen.get(key)} has it)`);
      else seen.set(key, label);
    }

    const name = text("name", { required: true, max: 100 });
    const shortName = text("shortName", { max: 60 });
    const town = text("town", { max: 60 });
    const tagline = text("tagline", { max: 160 });
    const description = text("description", { max: 300 });

    let blogDomain = text("blogDomain", { max: 253 });
    if (blogDomain !== undefined && !HOST.test(hostKey(blogDomain))) {
      problem("blogDomain", `must be a host name such as lakeside.example, got "${blogDomain}"`);
      blogDomain = undefined;
    }

    const initials = text("initials", { max: 3 });
    if (initials !== undefined && !/^[A-Za-z0-9]{1,3}$/.test(initials)) {
      problem("initials", `must be 1 to 3 letters or digits, got "${initials}"`);
    }
    const accent = text("accent", { max: 7 });
    if (accent !== undefined && !/^#[0-9a-fA-F]{6}$/.test(accent)) {
      problem("accent", `must be a colour such as #0b5394, got "${accent}"`);
    } else if (accent !== undefined && contrastWithWhite(accent) < 4.5) {
      problem(
        "accent",
        `"${accent}" is too light for white text on it (contrast ${contrastWithWhite(accent).toFixed(1)}:1, at least 4.5:1)`,
      );
    }

    const revalidateSecret = text("revalidateSecret", { max: 512 });
    if (revalidateSecret !== undefined && revalidateSecret.length < SECRET_MIN) {
      problem("revalidateSecret", `must be at least ${SECRET_MIN} characters`);
    }

    /** @type {Record<string, string[]>} */
    const feeds = {};
    if (entry.feeds !== undefined) {
      if (!isObject(entry.feeds)) problem("feeds", 'must be an object { "<section>": [urls] }');
      else {
        for (const [slug, urls] of Object.entries(entry.feeds)) {
          if (options.sections && !options.sections.includes(slug)) {
            problem(`feeds.${slug}`, `is not a section (one of ${options.sections.join(", ")})`);
            continue;
          }
          if (!Array.isArray(urls) || urls.length === 0 || urls.length > 20) {
            problem(`feeds.${slug}`, "must list 1 to 20 feed URLs");
            continue;
          }
          const list = urls.map((value) => httpUrl(`feeds.${slug}`, value)).filter(Boolean);
          if (list.length === urls.length) feeds[slug] = list.map((feed) => feed.toString());
        }
      }
    }

    const links = (field) => {
      const value = entry[field];
      if (value === undefined) return undefined;
      if (!Array.isArray(value) || value.length > 12) {
        problem(field, 'must be a list of at most 12 { "label": ..., "href": ... }');
        return undefined;
      }
      const list = [];
      for (const link of value) {
        if (!isObject(link) || typeof link.label !== "string" || !link.label.trim()) {
          problem(field, 'must hold { "label": ..., "href": ... } objects');
          return undefined;
        }
        const href = httpUrl(field, link.href);
        if (!href) return undefined;
        list.push({ label: link.label.trim().slice(0, 80), href: href.toString() });
      }
      return list;
    };
    const social = links("social");
    const partners = links("partners");

    let contact;
    if (entry.contact !== undefined) {
      const value = entry.contact;
      const ok =
        isObject(value) &&
        Object.keys(value).every((k) => ["email", "phone", "address"].includes(k)) &&
        (value.email === undefined || /^[^\s@]+@[^\s@]+$/.test(String(value.email))) &&
        (value.phone === undefined || typeof value.phone === "string") &&
        (value.address === undefined ||
          (Array.isArray(value.address) &&
            value.address.length <= 6 &&
            value.address.every((line) => typeof line === "string")));
      if (!ok) problem("contact", 'must be { "email", "phone", "address": [lines] }');
      else contact = value;
    }

    let radio;
    if (entry.radio !== undefined) {
      const value = entry.radio;
      const ports = isObject(value) && Array.isArray(value.ports) ? value.ports : null;
      if (
        !ports ||
        ports.length === 0 ||
        !ports.every((p) => Number.isInteger(p) && p >= 1 && p <= 65535) ||
        Object.keys(value).some((k) => k !== "ports")
      ) {
        problem("radio", 'must be { "ports": [port numbers] }');
      } else radio = { ports };
    }

    if (!url || !key || !name) return;
    publications.push({
      key,
      url: url.origin,
      name,
      ...(shortName ? { shortName } : {}),
      blogDomain: hostKey(blogDomain ?? key.replace(/^www\./, "")),
      feeds,
      revalidateSecret: revalidateSecret ?? null,
      ...(town ? { town } : {}),
      ...(tagline ? { tagline } : {}),
      ...(description ? { description } : {}),
      ...(initials ? { initials: initials.toUpperCase() } : {}),
      ...(accent ? { accent: accent.toLowerCase() } : {}),
      ...(contact ? { contact } : {}),
      ...(social ? { social } : {}),
      ...(partners ? { partners } : {}),
      ...(radio ? { radio } : {}),
    });
  });

  if (problems.length > 0) throw new PublicationsFileError(problems);
  return publications;
}

/** Reads and validates the file; errors name the file. */
export function readPublicationsFile(path, options) {
  let json;
  try {
    json = readFileSync(path, "utf8");
  } catch (error) {
    throw new PublicationsFileError([`cannot read ${path}: ${error.code ?? error.message}`]);
  }
  try {
    return parsePublications(json, options);
  } catch (error) {
    if (error instanceof PublicationsFileError) {
      throw new PublicationsFileError(error.problems.map((p) => `${path}: ${p}`));
    }
    throw error;
  }
}
