/**
 * Gate: valid HTML. The server-rendered HTML of every route goes through the Nu Html Checker
 * (vnu-jar, run with the machine's Java) in one invocation: no errors.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "../fixtures";
import { pathOf, ROUTES } from "./routes";

// vnu-jar's main export is the path of the jar; it has no type declarations.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const vnuJar: string = String(require("vnu-jar"));

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

test("valid HTML: the Nu Html Checker finds no errors on any route", async ({ request }, info) => {
  test.skip(info.project.name !== "desktop", "the HTML is the same for every viewport");
  test.setTimeout(120_000);

  const dir = mkdtempSync(path.join(tmpdir(), "vnu-"));
  const files = new Map<string, string>();
  try {
    for (const [index, route] of ROUTES.entries()) {
      const response = await request.get(await pathOf(route, request));
      expect(response.status(), route.path).toBe(route.status);
      const file = path.join(dir, `page-${index}.html`);
      writeFileSync(file, await response.text());
      files.set(file, route.path);
    }

    // One JVM for every page: starting Java is the slow part. vnu exits 1 when it finds errors.
    const { stdout, stderr } = await promisify(execFile)(
      "java",
      ["-jar", vnuJar, "--format", "json", "--stdout", "--exit-zero-always", ...files.keys()],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const messages = (JSON.parse(stdout || stderr) as { messages: VnuMessage[] }).messages;

    const byPage = new Map<string, { errors: string[]; warnings: number }>();
    for (const route of files.values()) byPage.set(route, { errors: [], warnings: 0 });
    const problems: string[] = [];
    for (const message of messages) {
      const file = message.url ? decodeURIComponent(new URL(message.url).pathname) : "";
      const entry = byPage.get(files.get(file) ?? "");
      if (!entry) {
        problems.push(`${message.type}: ${message.message}`);
      } else if (message.type === "info") {
        if (message.subType === "warning") entry.warnings += 1;
      } else {
        entry.errors.push(`line ${message.lastLine}: ${message.message} [${message.extract}]`);
      }
    }

    let totalErrors = 0;
    for (const [route, { errors, warnings }] of byPage) {
      totalErrors += errors.length;
      console.log(`[html] ${route}: ${errors.length} errors, ${warnings} warnings`);
      problems.push(...errors.map((error) => `${route} ${error}`));
    }
    console.log(`[html] ${byPage.size} pages checked, ${totalErrors} errors in total`);
    expect(problems, problems.join("\n")).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
