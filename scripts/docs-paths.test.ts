import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * Docs are true: every repository path that README.md, docs/*.md or a source file's comments
 * name exists. A path counts when it begins with a top-level folder of the repository
 * (`lib/env.ts`, e2e/quality/routes.ts, `app/[publication]/…`), backticked or bare, not
 * preceded by a letter, `/`, `.` or `-` (so no URL's path and no `.next/…`). It ends at the
 * first character a path does not hold. Where it turns into a pattern or a placeholder (`*`,
 * `{`, `<`, `…`, `...`), the part before must exist: `lib/<folder>/index.ts` needs `lib/`.
 * A module may be named as an import names it (`lib/env` for lib/env.ts). Folders git
 * ignores (made at run time, such as e2e/.tmp/) are not checked. In markdown, relative link
 * targets must exist too, and a backticked source or doc file's name without a folder
 * (`feed-document.ts`) must be some tracked file's.
 *
 * Nothing is skipped: a broken path fails the test, listed with the file that names it.
 */
const ROOT = path.resolve(__dirname, "..");

const TOP_FOLDERS = readdirSync(ROOT, { withFileTypes: true })
  .filter(
    (entry) => entry.isDirectory() && !entry.name.startsWith(".") && entry.name !== "node_modules",
  )
  .map((entry) => entry.name);

/** The folders .gitignore names (`e2e/.tmp/`): what is in them is made at run time. */
const IGNORED_FOLDERS = readFileSync(path.join(ROOT, ".gitignore"), "utf8")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line.endsWith("/") && !line.startsWith("#"))
  .map((line) => line.replace(/^\//, ""));

const PATH_CHARS = "[\\w.\\-\\[\\]@+*{},<>…]";
const CANDIDATE = new RegExp(
  `(?<![\\w/.\\-])(?:${TOP_FOLDERS.map((name) => name.replace(/[.\\-]/g, "\\$&")).join("|")})/(?:${PATH_CHARS}|/)*`,
  "g",
);

/** The part of a candidate that must exist: up to a pattern or placeholder, less punctuation. */
function checkedPart(candidate: string): string {
  const at = candidate.search(/[*{<…]|\.\.\./);
  let part = at >= 0 ? candidate.slice(0, candidate.lastIndexOf("/", at) + 1) : candidate;
  // A sentence's full stop or comma is not part of the path, nor a bracket it did not open.
  const count = (char: string) => part.split(char).length - 1;
  part = part.replace(/[.,]+$/, "");
  while (part.endsWith("]") && count("[") < count("]"))
    part = part.slice(0, -1).replace(/[.,]+$/, "");
  return part;
}

/** The repository paths a text names. */
function namedPaths(text: string): string[] {
  return [...text.matchAll(CANDIDATE)].map(([candidate]) => checkedPart(candidate)).filter(Boolean);
}

/** Every name a tracked file or folder has. */
const NAMES = new Set(
  execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .flatMap((file) => file.split("/")),
);

/**
 * Backticked names of source files and docs without a folder (`feed-document.ts`): some file
 * must have it. Not data files (`tags.json`): those may be made at run time.
 */
function namedFiles(text: string): string[] {
  return [...text.matchAll(/`([\w-][\w.-]*\.(?:tsx?|mts|mjs|cjs|jsx?|md|css))`/g)].map(
    ([, name]) => name!,
  );
}

/** Relative link targets of a markdown text, resolved from its folder, anchors dropped. */
function linkTargets(text: string, dir: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target]) => target!.split("#")[0]!)
    .filter((target) => target && !/^[a-z]+:/i.test(target) && !target.startsWith("/"))
    .map((target) => path.relative(ROOT, path.join(ROOT, dir, target)));
}

/** The text of every comment in a source file (TypeScript's parser finds them). */
function commentsOf(file: string, text: string): string {
  const kind = /\.tsx$/.test(file)
    ? ts.ScriptKind.TSX
    : /\.(mjs|cjs|js)$/.test(file)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = new Map<number, string>();
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) found.set(range.pos, text.slice(range.pos, range.end));
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(text, node.getEnd()));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...found.values()].join("\n");
}

const SOURCE = /\.(ts|tsx|mts|cts|mjs|cjs|js)$/;
const CODE_FOLDERS = ["lib", "app", "components", "scripts", "e2e"];
const ROOT_SOURCES = [
  "server.mjs",
  "next.config.mjs",
  "proxy.ts",
  "instrumentation.ts",
  "instrumentation-node.ts",
];

function sourcesIn(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory())
      return IGNORED_FOLDERS.some((f) => `${file}/`.startsWith(f)) ? [] : sourcesIn(file);
    return SOURCE.test(entry.name) ? [file] : [];
  });
}

/** Each file that names a path, the paths it names and the bare file names it backticks. */
function references(): { file: string; paths: string[]; names: string[] }[] {
  const docs = [
    "README.md",
    ...readdirSync(path.join(ROOT, "docs"))
      .filter((name) => name.endsWith(".md"))
      .map((name) => `docs/${name}`),
  ];
  const code = [...CODE_FOLDERS.flatMap(sourcesIn), ...ROOT_SOURCES];
  return [
    ...docs.map((file) => {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      const paths = [...namedPaths(text), ...linkTargets(text, path.dirname(file))];
      return { file, paths, names: namedFiles(text) };
    }),
    ...code.map((file) => {
      const text = commentsOf(file, readFileSync(path.join(ROOT, file), "utf8"));
      return { file, paths: namedPaths(text), names: namedFiles(text) };
    }),
  ];
}

/** As a file or folder, or as a module the way an import names it (no extension, or a folder's index). */
const MODULE_ENDINGS = ["", ".ts", ".tsx", ".mjs", ".cjs", "/index.ts"];
const exists = (named: string) =>
  // An ignored folder, or a path in one: made at run time, absent from a fresh clone.
  IGNORED_FOLDERS.some((folder) => `${named}/`.startsWith(folder)) ||
  MODULE_ENDINGS.some((ending) => existsSync(path.join(ROOT, named + ending)));

describe("paths named in docs and comments", () => {
  it("are found in a text the way the docs write them", () => {
    const top = (name: string) => TOP_FOLDERS.includes(name);
    expect(top("lib") && top("e2e") && top("app")).toBe(true);
    expect(
      namedPaths(
        "See `lib/env.ts`, lib/news/feed-reader.ts. Also app/[site]/… and `lib/<folder>/index.ts`, " +
          "e2e/broken-photo.spec.ts, lib/cache/*.mjs; not https://x.test/lib/a.ts, .next/cache/pages " +
          "or vercel/commerce's example/lib/x.ts. (docs/radio.md)",
      ),
    ).toEqual([
      "lib/env.ts",
      "lib/news/feed-reader.ts",
      "app/[site]/",
      "lib/",
      "e2e/broken-photo.spec.ts",
      "lib/cache/",
      "docs/radio.md",
    ]);
    expect(
      namedFiles("`feed-document.ts` and `broken-photo.spec.ts`, not `.mjs` or `a/b.ts`"),
    ).toEqual(["feed-document.ts", "broken-photo.spec.ts"]);
  });

  it("exist", () => {
    const broken = references().flatMap(({ file, paths, names }) => [
      ...[...new Set(paths)].filter((named) => !exists(named)).map((named) => `${file}: ${named}`),
      ...[...new Set(names)].filter((name) => !NAMES.has(name)).map((name) => `${file}: ${name}`),
    ]);
    expect(broken).toEqual([]);
  });
});
