import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { TestInfo } from "@playwright/test";

export const isPhone = (info: TestInfo) => info.project.name === "phone";

/** Bytes of every file under `dir` (e.g. `.next`, where Next.js keeps its page cache). */
export function directorySize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += directorySize(full);
    else if (entry.isFile()) total += statSync(full).size;
  }
  return total;
}
