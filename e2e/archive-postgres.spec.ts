import http from "node:http";
import { Client } from "pg";
import { expect, test } from "./fixtures";
import { appEnv, writePublicationsFile } from "./env.cjs";
import { startPostgres, type PostgresServer } from "./postgres/server.cjs";
import { freePort, startInstance, type Instance } from "./redis/instances.cjs";
import { standIn } from "./stand-in/control";

/**
 * The shared archive: two production instances of the sample network (three publications) on
 * one PostgreSQL (DATABASE_URL), Debian's, started on a port and folder of its own. Every item
 * is recorded once however many instances read its feed; a feed three publications share is one
 * row per item and shows in each one's search; a search kept waiting past its second answers 503
 * within 1.5 s; and PostgreSQL stopped for a minute while feeds change costs the search alone
 * (503), nothing else, and no item seen meanwhile.
 * Desktop project only: it drives servers.
 */

test.describe.configure({ mode: "serial" });
test.setTimeout(240_000);

const HOSTS = {
  riverbend: "riverbend.test",
  lakeside: "lakeside.test",
  hillcountry: "hillcountry.test",
} as const;
type Key = keyof typeof HOSTS;
/** The instances' own addresses of the sample feeds: the stand-in counts them apart. */
const QUERY = "archive-pg";

let postgres: PostgresServer;
let instances: Instance[] = [];

/** A raw GET to an instance with a publication's Host. */
function get(instance: Instance, key: Key, path: string) {
  return new Promise<{
    status: number;
    headers: http.IncomingHttpHeaders;
    body: string;
    ms: number;
  }>((resolve, reject) => {
    const started = Date.now();
    const request = http.get(
      {
        host: "127.0.0.1",
        port: instance.port,
        path,
        headers: { host: `${HOSTS[key]}:${instance.port}` },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            ms: Date.now() - started,
          }),
        );
      },
    );
    request.on("error", reject);
    request.setTimeout(20_000, () => request.destroy(new Error(`${path}: no answer in 20 s`)));
  });
}

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: postgres.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The results' text of a search (a result's words that answer it are marked apart). */
const search = async (instance: Instance, key: Key, words: string) => {
  const answer = await get(instance, key, `/search?q=${encodeURIComponent(words)}&sort=newest`);
  const results = answer.body.split("<body")[1] ?? "";
  return {
    ...answer,
    text: results.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, ""),
  };
};

test.beforeAll(async ({}, info) => {
  test.skip(info.project.name !== "desktop", "drives servers: once is enough");
  postgres = await startPostgres();
  const [first, second] = [await freePort(), await freePort()];
  const origins = {
    riverbend: `http://${HOSTS.riverbend}:${first}`,
    lakeside: `http://${HOSTS.lakeside}:${first}`,
    hillcountry: `http://${HOSTS.hillcountry}:${first}`,
  };
  const env = {
    ...appEnv({ siteUrl: origins.riverbend, feedRevalidateSeconds: 5, feedQuery: QUERY }),
    PUBLICATIONS_FILE: writePublicationsFile(`archive-pg-${first}`, origins),
    DATABASE_URL: postgres.url,
    FEED_POLL_MIN_SECONDS: "2",
    FEED_POLL_MAX_SECONDS: "3",
  };
  instances = await Promise.all([first, second].map((port) => startInstance({ port, env })));
});

test.afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.cleanup()));
  await postgres?.cleanup();
  await standIn.clearHeadlines("world");
  await standIn.clearHeadlines("local");
});

test("two instances record each item once; a shared feed shows in each publication, its own feeds in none other", async () => {
  const world = `%/feeds/world.xml?${QUERY}`;
  // Both instances poll every feed: each item of the world feed is still one row. The archive's
  // tables are made in the background of a start (an instance answers before): none yet is no
  // rows yet (expect.poll fails at once on a thrown error, as it did on a busy machine).
  await expect
    .poll(
      async () =>
        (
          await query<{ n: string }>("SELECT count(*) AS n FROM items WHERE feed LIKE $1", [
            world,
          ]).catch((error: { code?: string }) => {
            if (error.code === "42P01") return [{ n: "0" }]; // undefined_table
            throw error;
          })
        )[0]!.n,
      {
        timeout: 30_000,
      },
    )
    .not.toBe("0");
  await standIn.publishHeadline(
    "world",
    "Glaciologists chart the retreating Ostrander ice field",
    "Survey teams measured the Ostrander glaciers.",
  );
  await expect
    .poll(async () => (await query("SELECT 1 FROM items WHERE title LIKE '%Ostrander%'")).length, {
      timeout: 30_000,
    })
    .toBe(1);
  // Several polls later, by both instances: still once.
  await new Promise((resolve) => setTimeout(resolve, 8000));
  const duplicates = await query(
    "SELECT feed, key FROM items GROUP BY feed, key HAVING count(*) > 1",
  );
  expect(duplicates).toEqual([]);
  expect((await query("SELECT 1 FROM items WHERE title LIKE '%Ostrander%'")).length).toBe(1);

  for (const instance of instances)
    for (const key of Object.keys(HOSTS) as Key[]) {
      const answer = await search(instance, key, "glacier ostrander");
      expect(answer.status, `${key} on ${instance.port}`).toBe(200);
      expect(answer.text).toContain("Glaciologists chart the retreating Ostrander ice field");
    }
  // The row holds its word pairs, and a phrase is read through them: its words standing together
  // are found, the same words the other way round are not.
  const paired = await query(
    "SELECT 1 FROM items WHERE search @@ archive_phrase('retreating ostrander') AND search @@ archive_phrase('ice field')",
  );
  expect(paired).toHaveLength(1);
  const phrase = await search(instances[1]!, "riverbend", '"retreating Ostrander" "ice fields"');
  expect(phrase.text).toContain("Glaciologists chart the retreating Ostrander ice field");
  const apart = await search(instances[0]!, "riverbend", '"Ostrander retreating"');
  expect(apart.status).toBe(200);
  expect(apart.text).not.toContain("Glaciologists chart the retreating Ostrander ice field");

  // Lakeside's own local feed is Lakeside's alone.
  const [lakeside] = await query<{ title: string; link: string }>(
    "SELECT title, link FROM items WHERE feed LIKE '%/feeds/lakeside-local.xml%' ORDER BY id DESC LIMIT 1",
  );
  expect(lakeside).toBeDefined();
  const word = lakeside!.title.split(/\s+/).find((each) => each.length > 6)!;
  // The result links to the story; the query itself is echoed on every page.
  const result = `href="${lakeside!.link}"`;
  expect((await search(instances[0]!, "lakeside", `"${lakeside!.title}"`)).body).toContain(result);
  for (const key of ["riverbend", "hillcountry"] as const) {
    const elsewhere = await search(instances[1]!, key, `"${lakeside!.title}"`);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).not.toContain(result);
    expect((await search(instances[1]!, key, word)).body).not.toContain(result);
  }
});

test("a search kept waiting past its second (the items' table locked) says search is unavailable within 1.5 s; other pages answer meanwhile", async () => {
  const a = instances[0]!;
  // The routes' code loaded: what is timed is the search's wait, not a first render.
  for (const path of ["/terms", "/world", "/search?q=harbor"]) await get(a, "riverbend", path);
  // Another client holds the table every search reads (a migration, an operator's transaction).
  const holder = new Client({ connectionString: postgres.url });
  await holder.connect();
  try {
    await holder.query("BEGIN; LOCK TABLE items IN ACCESS EXCLUSIVE MODE");
    for (let n = 0; n < 3; n++) {
      // The archive's health is asked again (the last answer is kept a second).
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const started = Date.now();
      const searching = search(a, "riverbend", `harbor ${n}`).then((answer) => ({
        ...answer,
        ended: Date.now(),
      }));
      // Asked after the search, a cached page answers before it: the server's thread is free.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const page = await get(a, "riverbend", "/terms");
      const pageEnded = Date.now();
      const answer = await searching;
      console.log(
        `a search over the locked table: 503 in ${answer.ms} ms, /terms beside it ${page.ms} ms`,
      );
      expect(page.status).toBe(200);
      expect(pageEnded).toBeLessThan(answer.ended);
      expect(answer.status).toBe(503);
      expect(answer.body).toContain("Search is unavailable right now. Please try again later.");
      expect(answer.headers["cache-control"]).toContain("no-store");
      expect(answer.ended - started, `the search answered in ${answer.ms} ms`).toBeLessThan(1500);
    }
  } finally {
    await holder.query("ROLLBACK");
    await holder.end();
  }
  await expect
    .poll(async () => (await search(a, "riverbend", "harbor")).status, { timeout: 10_000 })
    .toBe(200);
});

test("PostgreSQL away for a minute while feeds change: pages 200, search 503, nothing seen meanwhile lost", async () => {
  test.setTimeout(240_000);
  const [a, b] = instances as [Instance, Instance];
  await postgres.stop();
  // The archive's health, as last asked, is kept a second (lib/archive/health.ts).
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const published: string[] = [];
  const started = Date.now();
  for (let n = 0; Date.now() - started < 60_000; n++) {
    if (n % 4 === 0 && published.length < 3) {
      const title = `Harbor commission ${["Quillfeather", "Marrowdale", "Brightwater"][published.length]} vote`;
      await standIn.publishHeadline(
        published.length % 2 ? "local" : "world",
        title,
        "The commission met.",
      );
      published.push(title);
    }
    for (const [instance, path] of [
      [a, "/"],
      [b, "/world"],
      [a, "/local"],
      [b, "/archive"],
    ] as const) {
      const answer = await get(instance, "riverbend", path);
      expect(answer.status, `${path} while PostgreSQL is away`).toBe(200);
      if (path !== "/archive") expect(answer.ms, `${path} took ${answer.ms} ms`).toBeLessThan(5000);
    }
    const unavailable = await search(a, "riverbend", "harbor commission");
    expect(unavailable.status).toBe(503);
    expect(unavailable.body).toContain("Search is unavailable right now. Please try again later.");
    expect(unavailable.headers["cache-control"]).toContain("no-store");
    expect(unavailable.ms).toBeLessThan(5000);
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
  expect(published).toHaveLength(3);
  // The instances saw the new items while it was away (their section pages show them).
  await expect
    .poll(async () => (await get(a, "riverbend", "/world")).body, { timeout: 20_000 })
    .toContain(published[0]!);

  await postgres.start();
  for (const title of published) {
    const word = title.split(" ")[2]!;
    await expect
      .poll(async () => (await query("SELECT 1 FROM items WHERE title = $1", [title])).length, {
        timeout: 30_000,
      })
      .toBe(1);
    await expect
      .poll(async () => (await search(b, "riverbend", word)).text, { timeout: 20_000 })
      .toContain(title);
  }
});
