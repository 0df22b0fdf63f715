import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fillPublication, localize } from "./fill";
import {
  parsePublications,
  PublicationsFileError,
  readPublicationsFile,
} from "./publications-file.mjs";
import { requestHostKey } from "./hosts.mjs";
import { fromEntry } from "./registry";

function parse(publications: unknown[]) {
  return parsePublications(JSON.stringify({ publications }));
}

function problems(publications: unknown[]): string[] {
  try {
    parse(publications);
  } catch (error) {
    if (error instanceof PublicationsFileError) return error.problems;
    throw error;
  }
  throw new Error("no error");
}

describe("parsePublications", () => {
  it("reads each publication with its key (the host) and defaults", () => {
    const [chronicle, ledger] = parse([
      { url: "https://www.RiverbendChronicle.com", name: "The Riverbend Chronicle" },
      {
        url: "http://lakeside.localhost:3000",
        name: "The Lakeside Ledger",
        blogDomain: "ledger.example",
        feeds: { local: ["https://news.lakeside.example/rss.xml"] },
        revalidateSecret: "a-secret-of-sixteen-chars",
        accent: "#0B5394",
      },
    ]);
    expect(chronicle).toMatchObject({
      key: "www.riverbendchronicle.com",
      url: "https://www.riverbendchronicle.com",
      blogDomain: "riverbendchronicle.com",
      feeds: {},
      revalidateSecret: null,
    });
    expect(ledger).toMatchObject({
      key: "lakeside.localhost",
      url: "http://lakeside.localhost:3000",
      blogDomain: "ledger.example",
      feeds: { local: ["https://news.lakeside.example/rss.xml"] },
      accent: "#0b5394",
    });
  });

  it("names the publication and the field of every mistake", () => {
    const found = problems([
      { url: "https://a.example", name: "A", colour: "red" },
      { url: "https://b.example" },
      { url: "https://c.example/news", name: "C" },
      { url: "https://a.example:8443", name: "A again" },
      { url: "https://d.example", name: "D", feeds: { local: "https://w.example/rss" } },
      { url: "https://e.example", name: "E", accent: "#ffdd00", revalidateSecret: "short" },
      { url: "https://f.example", name: "F", feeds: { local: ["ftp://f.example/rss"] } },
      "not an object",
      { url: "https://g.example", name: "G", timeZone: "America/Atlantis" },
    ]);
    expect(found).toEqual([
      'publication 1 (https://a.example): "colour" is not a field of a publication (a typo?)',
      'publication 2 (https://b.example): "name" is required',
      'publication 3 (https://c.example/news): "url" must be an origin only (scheme, host, port), got "https://c.example/news"',
      'publication 4 (https://a.example:8443): "url" names the host "a.example" again (publication 1 (https://a.example) has it)',
      'publication 5 (https://d.example): "feeds.local" must list 1 to 20 feed URLs',
      expect.stringMatching(
        /^publication 6 \(https:\/\/e\.example\): "accent" "#ffdd00" is too light/,
      ),
      'publication 6 (https://e.example): "revalidateSecret" must be at least 16 characters',
      'publication 7 (https://f.example): "feeds.local" must use http or https, got "ftp://f.example/rss"',
      "publication 8: must be an object",
      'publication 9 (https://g.example): "timeZone" must be an IANA time zone such as America/Chicago, got "America/Atlantis"',
    ]);
  });

  it("checks a feed URL listed by many publications for each of them, and keeps it normalised", () => {
    const wire = "HTTPS://Wire.Example/sports feed.xml";
    const bad = "ftp://wire.example/national.xml";
    const entry = (n: number) => ({
      url: `https://p${n}.example`,
      name: `P${n}`,
      feeds: { sports: [wire], national: [bad, "https://ok.example/n.xml"] },
    });
    expect(problems([entry(1), entry(2)])).toEqual([
      `publication 1 (https://p1.example): "feeds.national" must use http or https, got "${bad}"`,
      `publication 2 (https://p2.example): "feeds.national" must use http or https, got "${bad}"`,
    ]);
    const [first, second] = parse([
      { ...entry(1), feeds: { sports: [wire] } },
      { ...entry(2), feeds: { sports: [wire, "https://ok.example/s.xml"], local: [wire] } },
    ]);
    expect(first?.feeds).toEqual({ sports: ["https://wire.example/sports%20feed.xml"] });
    expect(second?.feeds).toEqual({
      sports: ["https://wire.example/sports%20feed.xml", "https://ok.example/s.xml"],
      local: ["https://wire.example/sports%20feed.xml"],
    });
    expect(problems([{ ...entry(1), feeds: { local: [] } }])).toEqual([
      'publication 1 (https://p1.example): "feeds.local" must list 1 to 20 feed URLs',
    ]);
    expect(problems([{ ...entry(1), feeds: ["https://a.example/x.xml"] }])).toEqual([
      'publication 1 (https://p1.example): "feeds" must be an object { "<section>": [urls] }',
    ]);
  });

  it("tells a field's expected shape once, whatever inside it is wrong", () => {
    const link = { label: " ", href: "https://a.example/x" };
    expect(
      problems([
        {
          url: "https://a.example",
          name: "A",
          contact: { fax: "1", email: "nope" },
          social: [link, link],
          radio: { ports: [0, 70000] },
        },
      ]),
    ).toEqual([
      'publication 1 (https://a.example): "contact" must be { "email", "phone", "address": [lines] }',
      'publication 1 (https://a.example): "social" must hold { "label": ..., "href": ... } objects',
      'publication 1 (https://a.example): "radio" must be { "ports": [port numbers] }',
    ]);
  });

  it("refuses a file that is not a list of publications", () => {
    expect(() => parsePublications("{")).toThrow(/not valid JSON/);
    expect(() => parsePublications("[]")).toThrow(/"publications": \[ \.\.\. \]/);
    expect(() => parsePublications('{"publications":[]}')).toThrow(/no publication/);
  });

  it("names the file it could not read", () => {
    expect(() => readPublicationsFile("/nonexistent/publications.json")).toThrow(
      /cannot read \/nonexistent\/publications\.json: ENOENT/,
    );
    const dir = mkdtempSync(path.join(os.tmpdir(), "publications-"));
    const file = path.join(dir, "publications.json");
    try {
      writeFileSync(file, JSON.stringify({ publications: [{ url: "https://a.example" }] }));
      expect(() => readPublicationsFile(file)).toThrow(
        `${file}: publication 1 (https://a.example): "name" is required`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

it("validates a file's text once a process, and again when the text changes", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "publications-"));
  const file = path.join(dir, "publications.json");
  const entry = { url: "https://a.example", name: "The A Gazette" };
  try {
    writeFileSync(file, JSON.stringify({ publications: [entry] }));
    const first = readPublicationsFile(file);
    // server.mjs and the app each read the file at start: the second is the first's answer.
    expect(readPublicationsFile(file)).toBe(first);
    writeFileSync(file, JSON.stringify({ publications: [{ ...entry, name: "The B Gazette" }] }));
    const changed = readPublicationsFile(file);
    expect(changed).not.toBe(first);
    expect(changed[0]?.name).toBe("The B Gazette");
    // A text made wrong is refused, never answered from the last good one.
    writeFileSync(file, JSON.stringify({ publications: [{ url: "https://a.example" }] }));
    expect(() => readPublicationsFile(file)).toThrow(/"name" is required/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe("requestHostKey", () => {
  it("is the Host header without its port, in lower case", () => {
    expect(requestHostKey("Lakeside.Example:3000")).toBe("lakeside.example");
    expect(requestHostKey("lakeside.example.")).toBe("lakeside.example");
    expect(requestHostKey("lakeside.example")).toBe("lakeside.example");
    expect(requestHostKey(undefined)).toBe("");
    expect(requestHostKey("x".repeat(300))).toBe("");
  });
});

describe("a publication from its entry", () => {
  const [entry] = parse([{ url: "https://lakeside.example", name: "The Lakeside Ledger" }]);
  const lakeside = fromEntry(entry!);

  it("fills what the entry leaves out from its name and host", () => {
    expect(lakeside).toMatchObject({
      name: "The Lakeside Ledger",
      shortName: "Lakeside Ledger",
      town: "Lakeside",
      initials: "LL",
      contact: { email: "newsroom@lakeside.example", street: "Lakeside" },
      social: [],
    });
    expect(lakeside.url.href).toBe("https://lakeside.example/");
  });

  it("names itself in the network's texts", () => {
    expect(
      fillPublication("{{name}} of {{town}}, part of the {{network}}: {{email}}", lakeside),
    ).toBe(
      "The Lakeside Ledger of Lakeside, part of the Metro Press Network: newsroom@lakeside.example",
    );
    expect(fillPublication("{{unknown}} stays", lakeside)).toBe("{{unknown}} stays");
    expect(localize({ a: ["{{town}}"], n: 3 }, lakeside)).toEqual({ a: ["Lakeside"], n: 3 });
  });
});

describe("a publication's time zone", () => {
  it("is its entry's, else TIME_ZONE's, else America/Chicago", () => {
    const [honolulu, plain] = parse([
      { url: "https://islands.example", name: "Islands", timeZone: "Pacific/Honolulu" },
      { url: "https://plain.example", name: "Plain" },
    ]);
    const saved = process.env.TIME_ZONE;
    try {
      delete process.env.TIME_ZONE;
      let registry!: typeof import("./registry");
      jest.isolateModules(() => (registry = jest.requireActual("./registry")));
      expect(registry.fromEntry(honolulu!).timeZone).toBe("Pacific/Honolulu");
      expect(registry.fromEntry(plain!).timeZone).toBe("America/Chicago");
      expect(registry.embeddedPublication().timeZone).toBe("America/Chicago");

      process.env.TIME_ZONE = "America/New_York";
      jest.isolateModules(() => (registry = jest.requireActual("./registry")));
      expect(registry.fromEntry(plain!).timeZone).toBe("America/New_York");
      expect(registry.embeddedPublication().timeZone).toBe("America/New_York");
      expect(registry.fromEntry(honolulu!).timeZone).toBe("Pacific/Honolulu");
    } finally {
      if (saved === undefined) delete process.env.TIME_ZONE;
      else process.env.TIME_ZONE = saved;
    }
  });
});
