import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { SqliteArchive } from "../lib/archive/sqlite/client";
import { labelledItems } from "../test-support/labelled-set";

/**
 * `npm run stories:backfill` groups an archive's history recorded before stories, 500 items a
 * step, each step a transaction, and keeps where it stopped. Killed in the middle (an
 * operator's ^C, a machine going down), it resumes there: the history ends grouped exactly as
 * by a run that was never interrupted, and nothing is grouped twice.
 */

const ROOT = path.resolve(__dirname, "..");
const WINDOW_MS = 72 * 3_600_000;
/** The labelled set's stories, told again this many times, a week apart: several steps. */
const WEEKS = 6;

const labelled = labelledItems();

/** An archive holding WEEKS × the labelled set, recorded as history before stories were kept. */
async function historyBeforeStories(file: string): Promise<number> {
  const archive = new SqliteArchive(file, { storyWindowMs: WINDOW_MS });
  await archive.migrate();
  const items = Array.from({ length: WEEKS }, (_, week) =>
    labelled.map((item) => ({
      ...item,
      at: Date.parse(item.publishedAt) + week * 7 * 86_400_000,
      link: `${item.link}?week=${week}`,
    })),
  )
    .flat()
    .sort((a, b) => a.at - b.at);
  for (const item of items)
    await archive.record([
      {
        feed: item.feed,
        seenAt: item.at,
        items: [
          {
            key: item.link,
            link: item.link,
            title: item.title,
            description: item.description,
            body: "",
            imageUrl: "",
            publishedAt: item.at,
          },
        ],
      },
    ]);
  await archive.close();
  // As an archive migrated from before stories holds it: no item grouped, the backfill to run.
  const db = new DatabaseSync(file);
  db.exec(`UPDATE items SET story = NULL; DELETE FROM story_words; DELETE FROM story_words_recent;
    INSERT INTO archive_state (name, value) VALUES ('stories-backfill', 0)
      ON CONFLICT (name) DO UPDATE SET value = excluded.value;`);
  db.close();
  return items.length;
}

/** Runs the backfill on `file`; `killAfterFirstStep`: SIGKILL as soon as it reports a step. */
function backfill(file: string, killAfterFirstStep = false) {
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/stories-backfill.mjs")], {
    cwd: ROOT,
    env: { ...process.env, ARCHIVE_FILE: file, STORY_WINDOW_HOURS: "72" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (text: string) => {
    output += text;
    if (killAfterFirstStep && /items grouped/.test(output)) child.kill("SIGKILL");
  });
  child.stderr.setEncoding("utf8").on("data", (text: string) => (output += text));
  return new Promise<{ output: string; signal: NodeJS.Signals | null; code: number | null }>(
    (resolve) => child.on("exit", (code, signal) => resolve({ output, signal, code })),
  );
}

/** The stories as groups of links, in one canonical order; and how many items are grouped. */
function storiesIn(file: string) {
  const db = new DatabaseSync(file, { readOnly: true });
  const rows = db.prepare("SELECT link, story FROM items").all() as {
    link: string;
    story: number | null;
  }[];
  db.close();
  const groups = new Map<number, string[]>();
  for (const row of rows)
    if (row.story !== null) groups.set(row.story, [...(groups.get(row.story) ?? []), row.link]);
  return {
    grouped: rows.filter((row) => row.story !== null).length,
    stories: [...groups.values()].map((links) => links.sort().join(" ")).sort(),
  };
}

describe("npm run stories:backfill", () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "riverbend-backfill-"));
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("killed mid-way, resumes where it stopped and groups the history as an uninterrupted run does", async () => {
    const interrupted = path.join(dir, "interrupted.sqlite");
    const total = await historyBeforeStories(interrupted);
    const whole = path.join(dir, "whole.sqlite");
    copyFileSync(interrupted, whole);
    expect(storiesIn(interrupted).grouped).toBe(0);

    const uninterrupted = await backfill(whole);
    expect(uninterrupted.code).toBe(0);
    expect(uninterrupted.output).toContain(`${total.toLocaleString("en-US")} items grouped`);
    const expected = storiesIn(whole);
    expect(expected.grouped).toBe(total);
    // The labelled set's copies made stories: there is something to get wrong.
    expect(expected.stories.length).toBeLessThan(total * 0.8);

    const killed = await backfill(interrupted, true);
    expect(killed.signal).toBe("SIGKILL");
    const left = storiesIn(interrupted).grouped;
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(total);

    const resumed = await backfill(interrupted);
    expect(resumed.code).toBe(0);
    // Only what the killed run had not committed was grouped again.
    const again = Number(
      /([\d,]+) items grouped; every item/.exec(resumed.output)?.[1]?.replace(/,/g, ""),
    );
    expect(again).toBe(total - left);
    expect(storiesIn(interrupted)).toEqual(expected);

    // Once done, a run does nothing.
    expect((await backfill(interrupted)).output).toContain("stories: every item is grouped");
  }, 120_000);
});
