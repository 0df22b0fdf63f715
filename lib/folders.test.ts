import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * The folders of lib/ import one another in one direction only (ARCHITECTURE.md: "no cycles
 * between them"): a folder that reaches itself through others is two concerns tangled.
 */
const LIB = __dirname;
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g;

/** lib/news/x.ts → "news"; lib/env.ts → "env" (a file at the top is a unit of its own). */
function unitOf(file: string): string {
  const [first] = path.relative(LIB, file).split(path.sep);
  return first!.replace(SOURCE, "").replace(/\.d$/, "");
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return SOURCE.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

function graph(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of sources(LIB)) {
    const from = unitOf(file);
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(IMPORT)) {
      let target: string | null = null;
      if (specifier!.startsWith("@/lib/")) target = path.join(LIB, specifier!.slice(6));
      else if (specifier!.startsWith(".")) target = path.resolve(path.dirname(file), specifier!);
      if (!target || !target.startsWith(LIB + path.sep)) continue;
      const to = unitOf(target);
      if (to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return edges;
}

/** Every cycle's path, as "a → b → a". */
function cycles(edges: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const visit = (unit: string, trail: string[]) => {
    for (const next of edges.get(unit) ?? []) {
      const at = trail.indexOf(next);
      if (at >= 0) found.push([...trail.slice(at), next].join(" → "));
      else visit(next, [...trail, next]);
    }
  };
  for (const unit of edges.keys()) visit(unit, [unit]);
  return [...new Set(found)];
}

describe("lib/ folders", () => {
  it("import one another without a cycle", () => {
    const edges = graph();
    // The scan sees imports by relative path and by alias alike.
    expect(edges.get("news")).toContain("cache");
    expect(edges.get("serving")).toContain("cache");
    expect(cycles(edges)).toEqual([]);
  });

  it("finds a cycle where there is one (the check itself)", () => {
    const tangled = new Map([
      ["cache", new Set(["serving"])],
      ["serving", new Set(["cache"])],
    ]);
    expect(cycles(tangled)).toContain("cache → serving → cache");
  });
});
