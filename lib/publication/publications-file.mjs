// @ts-check
/**
 * The network's publications file (PUBLICATIONS_FILE): parsed and validated here, once, for
 * both the server in front of Next (server.mjs, plain Node: it maps a request's host to its
 * publication before Next sees the request) and the app (lib/publication/registry.ts).
 * Plain JavaScript for that reason, typed by the JSDoc here.
 *
 * A mistake is a PublicationsFileError that names the publication and the field, so the
 * server stops at start with a message an operator can act on.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { hostKey } from "./hosts.mjs";
import { contrastWithWhite, got, httpUrl, timeZone } from "../validation/rules.mjs";
import { feedsSchema, isObject } from "./feed-lists.mjs";
import { validatedFiles } from "./validated-files.mjs";

/**
 * A publication as the file gives it, validated and with its defaults filled in: the schema's
 * output (`key`, its host in lower case, is the route segment and the start of its cache keys).
 * @typedef {z.output<ReturnType<typeof publicationSchema>>} PublicationEntry
 */

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

const NON_EMPTY = "must be a non-empty string";
/** Text of at most `max` characters as written, kept trimmed. */
const text = (/** @type {number} */ max) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? "is required" : NON_EMPTY) })
    .refine((value) => value.trim() !== "", { error: NON_EMPTY, abort: true })
    .max(max, { error: `must be at most ${max} characters`, abort: true })
    .trim();

const url = httpUrl({ quote: "value" });
const href = url.transform((value) => new URL(value).toString());

/** Any problem inside the field is told once, as the shape the field must have. */
const shaped = (/** @type {string} */ message, /** @type {z.ZodType} */ schema) =>
  z
    .any()
    .refine((value) => schema.safeParse(value).success, { error: message, abort: true })
    .pipe(schema);

const LINK = '{ "label": ..., "href": ... }';
const links = z
  .array(
    z.object(
      {
        label: z
          .string({ error: `must hold ${LINK} objects` })
          .refine((label) => label.trim() !== "", `must hold ${LINK} objects`)
          .transform((label) => label.trim().slice(0, 80)),
        href,
      },
      { error: `must hold ${LINK} objects` },
    ),
    { error: `must be a list of at most 12 ${LINK}` },
  )
  .max(12, `must be a list of at most 12 ${LINK}`);

/** A publication's address: its host is its key. */
const origin = z
  .any()
  .refine((value) => value !== undefined, { error: "is required", abort: true })
  .pipe(url)
  .refine(
    (value) => {
      const { pathname, search, hash } = new URL(value);
      return pathname === "/" && !search && !hash;
    },
    { ...got("must be an origin only (scheme, host, port)"), abort: true },
  )
  .refine((value) => HOST.test(new URL(value).hostname), {
    error: (issue) =>
      `must name a host by its name, got "${new URL(String(issue.input)).hostname}"`,
  })
  .transform((value) => new URL(value));

/** A colour white text stays readable on. */
const accent = text(7)
  .regex(/^#[0-9a-fA-F]{6}$/, { ...got("must be a colour such as #0b5394"), abort: true })
  .refine((accent) => contrastWithWhite(accent) >= 4.5, {
    error: (issue) =>
      `"${issue.input}" is too light for white text on it (contrast ${contrastWithWhite(String(issue.input)).toFixed(1)}:1, at least 4.5:1)`,
  })
  .toLowerCase();

/** A publication's schema, new for each file read (feedsSchema checks a URL once a file). */
function publicationSchema() {
  return z
    .strictObject(
      {
        url: origin,
        name: text(100),
        shortName: text(60).optional(),
        town: text(60).optional(),
        tagline: text(160).optional(),
        description: text(300).optional(),
        blogDomain: text(253)
          .refine(
            (domain) => HOST.test(hostKey(domain)),
            got("must be a host name such as lakeside.example"),
          )
          .optional(),
        initials: text(3)
          .regex(/^[A-Za-z0-9]{1,3}$/, got("must be 1 to 3 letters or digits"))
          .toUpperCase()
          .optional(),
        accent: accent.optional(),
        revalidateSecret: text(512)
          .min(SECRET_MIN, `must be at least ${SECRET_MIN} characters`)
          .optional(),
        feeds: feedsSchema().default({}),
        contact: shaped(
          'must be { "email", "phone", "address": [lines] }',
          z.strictObject({
            email: z
              .string()
              .regex(/^[^\s@]+@[^\s@]+$/)
              .optional(),
            phone: z.string().optional(),
            address: z.array(z.string()).max(6).optional(),
          }),
        ).optional(),
        social: links.optional(),
        partners: links.optional(),
        timeZone: timeZone().optional(),
        radio: shaped(
          'must be { "ports": [port numbers] }',
          z.strictObject({ ports: z.array(z.int().min(1).max(65535)).min(1) }),
        ).optional(),
      },
      {
        error: (issue) =>
          issue.code === "unrecognized_keys"
            ? "is not a field of a publication (a typo?)"
            : "must be an object",
      },
    )
    .transform(({ url, blogDomain, revalidateSecret, ...entry }) => {
      const key = hostKey(url.hostname);
      return {
        key,
        url: url.origin,
        blogDomain: hostKey(blogDomain ?? key.replace(/^www\./, "")),
        revalidateSecret: revalidateSecret ?? null,
        ...entry,
      };
    });
}

/**
 * What a problem says, after the publication: the field (with a feed's section) up to the first
 * list index, since a problem with one link or one port is a problem with the field.
 * @param {z.core.$ZodIssue} issue
 */
function problemsOf(issue) {
  const index = issue.path.findIndex((part) => typeof part === "number");
  const at = index < 0 ? issue.path : issue.path.slice(0, index);
  const fields = issue.code === "unrecognized_keys" ? issue.keys.map((key) => [...at, key]) : [at];
  return fields.map((field) =>
    field.length > 0 ? `"${field.join(".")}" ${issue.message}` : issue.message,
  );
}

const FILE = z.object(
  {
    publications: z
      .array(z.unknown(), { error: 'must be an object { "publications": [ ... ] }' })
      .min(1, '"publications" lists no publication'),
  },
  { error: 'must be an object { "publications": [ ... ] }' },
);

/**
 * @param {string} json the file's text
 * @returns {PublicationEntry[]}
 */
export function parsePublications(json) {
  let data;
  try {
    data = JSON.parse(json);
  } catch (error) {
    throw new PublicationsFileError([`not valid JSON: ${/** @type {Error} */ (error).message}`]);
  }
  const file = FILE.safeParse(data);
  if (!file.success) throw new PublicationsFileError([file.error.issues[0]?.message ?? ""]);

  const schema = publicationSchema();
  // A set: several links wrong in the same way are one problem to fix.
  /** @type {Set<string>} */
  const problems = new Set();
  /** @type {PublicationEntry[]} */
  const publications = [];
  /** @type {Map<string, string>} each host's publication, as its problems name it */
  const hosts = new Map();
  file.data.publications.forEach((entry, index) => {
    const label = `publication ${index + 1}${isObject(entry) && typeof entry.url === "string" ? ` (${entry.url})` : ""}`;
    const result = schema.safeParse(entry);
    for (const issue of result.error?.issues ?? []) {
      for (const problem of problemsOf(issue)) problems.add(`${label}: ${problem}`);
    }
    // A host named twice is told even when the rest of either entry is wrong (its url then
    // read again alone).
    const url = result.success
      ? null
      : origin.safeParse(isObject(entry) ? entry.url : undefined).data;
    const key = result.success ? result.data.key : url && hostKey(url.hostname);
    if (key && hosts.has(key)) {
      problems.add(`${label}: "url" names the host "${key}" again (${hosts.get(key)} has it)`);
    } else if (key) hosts.set(key, label);
    if (result.success) publications.push(result.data);
  });

  if (problems.size > 0) throw new PublicationsFileError([...problems]);
  return publications;
}

/**
 * The file's text; a file that cannot be read is a mistake that names it.
 * @param {string} path
 */
function fileText(path) {
  try {
    return readFileSync(path, "utf8");
  } catch (caught) {
    const error = /** @type {NodeJS.ErrnoException} */ (caught);
    throw new PublicationsFileError([`cannot read ${path}: ${error.code ?? error.message}`]);
  }
}

/**
 * Validates a file's text, its mistakes naming the file.
 * @param {string} path
 * @param {string} json
 */
function validated(path, json) {
  try {
    return parsePublications(json);
  } catch (error) {
    if (error instanceof PublicationsFileError) {
      throw new PublicationsFileError(error.problems.map((p) => `${path}: ${p}`));
    }
    throw error;
  }
}

/**
 * Reads and validates the file: its text and its publications (validate-worker.mjs, at start).
 * @param {string} path
 * @returns {{ json: string; publications: PublicationEntry[] }}
 */
export function validateFile(path) {
  const json = fileText(path);
  return { json, publications: validated(path, json) };
}

/**
 * Reads and validates the file, once a text (validated-files.mjs): the app's read finds what
 * server.mjs's thread validated at start. Errors name the file.
 * @param {string} path
 * @returns {PublicationEntry[]}
 */
export function readPublicationsFile(path) {
  const json = fileText(path);
  const known = validatedFiles().get(path);
  if (known?.json === json) return known.publications;
  const publications = validated(path, json);
  validatedFiles().set(path, { json, publications });
  return publications;
}
