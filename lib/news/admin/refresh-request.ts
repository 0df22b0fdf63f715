import { isSectionSlug, SECTION_SLUGS, type SectionSlug } from "../sections";

/**
 * The body of POST /api/revalidate, checked:
 *   {"sections": ["sports", "local"]}   those sections' headlines
 *   {"sections": "all"}                 every section
 *   {"blog": true}                      the blog (may be combined with sections)
 *   empty body                          the blog, as before sections could be named
 */

export type RefreshRequest =
  | { ok: true; sections: SectionSlug[]; blog: boolean }
  | { ok: false; error: string; unknownSections?: string[] };

const KEYS = new Set(["sections", "blog"]);

export function parseRefreshRequest(body: string): RefreshRequest {
  if (body.trim() === "") return { ok: true, sections: [], blog: true };
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return { ok: false, error: "The body is not valid JSON." };
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    return { ok: false, error: 'The body must be a JSON object such as {"sections": ["local"]}.' };
  }
  const unknownKeys = Object.keys(data).filter((key) => !KEYS.has(key));
  if (unknownKeys.length > 0) {
    return {
      ok: false,
      error: `Unknown field ${unknownKeys.map((key) => JSON.stringify(key)).join(", ")}; use "sections" and/or "blog".`,
    };
  }
  const { sections, blog } = data as { sections?: unknown; blog?: unknown };
  if (blog !== undefined && typeof blog !== "boolean") {
    return { ok: false, error: '"blog" must be true or false.' };
  }

  let slugs: SectionSlug[] = [];
  if (sections === "all") {
    slugs = [...SECTION_SLUGS];
  } else if (sections !== undefined) {
    if (!Array.isArray(sections) || !sections.every((value) => typeof value === "string")) {
      return { ok: false, error: '"sections" must be "all" or a list of section names.' };
    }
    const unknown = sections.filter((value) => !isSectionSlug(value));
    if (unknown.length > 0) {
      return {
        ok: false,
        error: `Unknown section${unknown.length > 1 ? "s" : ""}: ${unknown.map((value) => JSON.stringify(value)).join(", ")}.`,
        unknownSections: unknown,
      };
    }
    slugs = [...new Set(sections as SectionSlug[])];
  }
  if (slugs.length === 0 && blog !== true) {
    return { ok: false, error: 'Nothing to refresh: name "sections" or set "blog": true.' };
  }
  return { ok: true, sections: slugs, blog: blog === true };
}
