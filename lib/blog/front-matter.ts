/**
 * The front matter our posts use: a `---` fenced block of `key: value` lines, values plain
 * or in double or single quotes. Deliberately small (no nesting, no lists): anything else
 * is reported so an editor learns at once that a line was not understood.
 */

export interface FrontMatterDocument {
  data: Record<string, string>;
  body: string;
}

export class FrontMatterError extends Error {}

const FENCE = /^---[ \t]*$/;

export function parseFrontMatter(source: string): FrontMatterDocument {
  const text = source.replace(/^\uFEFF/, "");
  const lines = text.split(/\r?\n/);
  if (!FENCE.test(lines[0] ?? "")) return { data: {}, body: text };
  const end = lines.findIndex((line, index) => index > 0 && FENCE.test(line));
  if (end < 0) throw new FrontMatterError("front matter is not closed with ---");

  const data: Record<string, string> = {};
  for (const [offset, line] of lines.slice(1, end).entries()) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    const match = /^([A-Za-z][\w-]*)[ \t]*:[ \t]*(.*)$/.exec(line);
    if (!match) throw new FrontMatterError(`line ${offset + 2}: expected "key: value"`);
    const [, key, rawValue] = match as unknown as [string, string, string];
    data[key] = unquote(rawValue.trim(), offset + 2);
  }
  return { data, body: lines.slice(end + 1).join("\n") };
}

function unquote(value: string, line: number): string {
  if (value.startsWith('"')) {
    if (!value.endsWith('"') || value.length < 2) {
      throw new FrontMatterError(`line ${line}: unterminated "quoted" value`);
    }
    try {
      return JSON.parse(value) as string;
    } catch {
      throw new FrontMatterError(`line ${line}: malformed "quoted" value`);
    }
  }
  if (value.startsWith("'")) {
    if (!value.endsWith("'") || value.length < 2) {
      throw new FrontMatterError(`line ${line}: unterminated 'quoted' value`);
    }
    return value.slice(1, -1).replace(/''/g, "'");
  }
  // A plain value ends at a comment.
  return value.replace(/\s+#.*$/, "");
}
