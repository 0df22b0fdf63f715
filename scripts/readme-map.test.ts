import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The README is a newcomer's map: its picture of the code names every folder of lib/, and its
 * table of docs names every page of docs/. A folder or a page added without a line there fails
 * here, named.
 */
const ROOT = path.resolve(__dirname, "..");
const README = readFileSync(path.join(ROOT, "README.md"), "utf8");

const entries = (folder: string) => readdirSync(path.join(ROOT, folder), { withFileTypes: true });

test("the README's map names every folder of lib/", () => {
  const folders = entries("lib")
    .filter((entry) => entry.isDirectory())
    .map((entry) => `lib/${entry.name}/`);
  expect(folders.length).toBeGreaterThan(10);
  expect(folders.filter((folder) => !README.includes(folder))).toEqual([]);
});

test("the README's table of docs names every page of docs/", () => {
  const pages = entries("docs")
    .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
    .map((entry) => `[docs/${entry.name}](docs/${entry.name})`);
  expect(pages.length).toBeGreaterThan(10);
  expect(pages.filter((page) => !README.includes(`| ${page} |`))).toEqual([]);
});
