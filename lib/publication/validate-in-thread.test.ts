import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * server.mjs's start (validate-in-thread.mjs), in a Node process of its own as server.mjs runs
 * it (ES modules as they are, no Jest): a network of 3,000 publications validated in a thread,
 * its validator never loaded on the calling thread, and the app's read then handed the very
 * entries the thread made; a file with mistakes, or none, told as server.mjs tells them.
 */

const steps = (root: string) => `
import module from "node:module";
import { writeFileSync } from "node:fs";
const loaded = [];
module.registerHooks({
  resolve(specifier, context, next) {
    const found = next(specifier, context);
    loaded.push(found.url);
    return found;
  },
});
const dir = process.env.VALIDATE_DIR;
const { publicationsFileOf } = await import("${root}scripts/lib/archive-corpus.mjs");
const network = dir + "/network.json";
writeFileSync(network, JSON.stringify(publicationsFileOf(3000, 3000)));
const wrong = dir + "/wrong.json";
writeFileSync(wrong, JSON.stringify({ publications: [
  { url: "https://a.example", name: "A" },
  { url: "https://b.example", town: "B" },
  { url: "https://A.example/", name: "A again" },
] }));
const { validateInThread } = await import("${root}lib/publication/validate-in-thread.mjs");
const { validationInThread } = await import("${root}lib/publication/validated-files.mjs");
const found = await validateInThread(network);
await validationInThread().settled;
const mistakes = await validateInThread(wrong);
const missing = await validateInThread(dir + "/none.json");
const validatorHere = loaded.some((url) => url.includes("/node_modules/zod/"));
const { readPublicationsFile } = await import("${root}lib/publication/publications-file.mjs");
console.log(JSON.stringify({
  validatorHere,
  count: found.publications.length,
  keys: found.publications.slice(0, 2).map((entry) => entry.key),
  feeds: found.publications[1].feeds.local,
  handedOver: readPublicationsFile(network) === found.publications,
  mistakes,
  missing,
}));
`;

describe("validateInThread", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "riverbend-validate-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("validates a network's file in a thread and hands its entries to the app's read", () => {
    const script = path.join(dir, "steps.mjs");
    writeFileSync(script, steps(pathToFileURL(process.cwd()).href + "/"));
    const out = execFileSync(process.execPath, [script], {
      env: { ...process.env, VALIDATE_DIR: dir },
      encoding: "utf8",
      timeout: 60_000,
    });
    const result = JSON.parse(out.trim().split("\n").at(-1)!);
    expect(result.validatorHere).toBe(false);
    expect(result.count).toBe(3000);
    expect(result.keys).toEqual(["p0.example", "p1.example"]);
    expect(result.feeds).toEqual(["http://127.0.0.1:9/p1/local.xml"]);
    expect(result.handedOver).toBe(true);
    const wrong = path.join(dir, "wrong.json");
    expect(result.mistakes).toEqual({
      problems: [
        `${wrong}: publication 2 (https://b.example): "name" is required`,
        `${wrong}: publication 3 (https://A.example/): "url" names the host "a.example" again (publication 1 (https://a.example) has it)`,
      ],
    });
    expect(result.missing).toEqual({
      problems: [`cannot read ${path.join(dir, "none.json")}: ENOENT`],
    });
  });
});
