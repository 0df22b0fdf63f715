import vm from "node:vm";
import { loaderScript, MARKER, scriptsAfterPaint } from "./scripts-after-paint.mjs";

/** The shape Next 16 gives a page of this site (addresses shortened, the rest verbatim). */
const head = (scripts: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>` +
  `<link rel="preload" as="image" href="http://127.0.0.1:4010/images/a.svg" fetchPriority="high"/>` +
  `<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>` +
  scripts +
  `<title>Sports | The Riverbend Chronicle</title></head>`;
const NEXT_HEAD =
  `<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/entry.js"/>` +
  `<script src="/_next/static/chunks/react-dom.js" async=""></script>` +
  `<script src="/_next/static/chunks/turbopack-1.js" async=""></script>` +
  `<script src="/_next/static/chunks/polyfills.js" noModule=""></script>`;
const BODY =
  `<body><main><h1>Sports</h1></main>` +
  `<script src="/_next/static/chunks/entry.js" async=""></script>` +
  `<script>(self.__next_f=self.__next_f||[]).push([0])</script></body></html>`;
const PAGE = head(NEXT_HEAD) + BODY;

const SOURCES = [
  "/_next/static/chunks/react-dom.js",
  "/_next/static/chunks/turbopack-1.js",
  "/_next/static/chunks/entry.js",
];

describe("scriptsAfterPaint", () => {
  it("moves the framework's async scripts, in order, into one loader where the first stood", () => {
    const expected =
      head(
        loaderScript(SOURCES) +
          `<script src="/_next/static/chunks/polyfills.js" noModule=""></script>`,
      ) +
      `<body><main><h1>Sports</h1></main>` +
      `<script>(self.__next_f=self.__next_f||[]).push([0])</script></body></html>`;
    expect(scriptsAfterPaint(PAGE)).toBe(expected);
  });

  it("drops the entry's preload with its tag, and keeps the photo's preload and the stylesheet", () => {
    const page = scriptsAfterPaint(PAGE);
    expect(page).not.toContain('as="script"');
    expect(page).toContain('<link rel="preload" as="image"');
    expect(page).toContain('<link rel="stylesheet" href="/_next/static/chunks/a.css"');
  });

  it("is idempotent and hands back the very same string the second time", () => {
    const once = scriptsAfterPaint(PAGE);
    expect(scriptsAfterPaint(once)).toBe(once);
    expect(once.split(MARKER)).toHaveLength(2);
  });

  it("leaves alone a page without the framework's tags, and scripts from elsewhere", () => {
    const plain =
      head(`<script src="https://ads.example/tag.js" async=""></script>`) + "<body></body>";
    expect(scriptsAfterPaint(plain)).toBe(plain);
    const withExtras = head(
      `<script src="/_next/static/chunks/x.js" async="" integrity="sha384-abc"></script>`,
    );
    expect(scriptsAfterPaint(withExtras)).toBe(withExtras);
    expect(scriptsAfterPaint("")).toBe("");
  });

  it("keeps the preload of a script it does not move", () => {
    const preload = `<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/other.js"/>`;
    const page = scriptsAfterPaint(head(preload + NEXT_HEAD) + BODY);
    expect(page).toContain(preload);
    expect(page).not.toContain('href="/_next/static/chunks/entry.js"');
  });

  it("is not fooled by a headline naming the marker (React escapes its `<`)", () => {
    const title = `<title>&lt;script ${MARKER}=&quot;&quot;&gt;</title>`;
    const page = scriptsAfterPaint(head(title + NEXT_HEAD) + BODY);
    expect(page).toContain(loaderScript(SOURCES));
  });
});

/** Runs the loader in a small stand-in for a browser window. */
function runLoader({ paintTiming }: { paintTiming: boolean }) {
  const appended: string[] = [];
  const listeners = new Map<string, () => void>();
  let observer: ((list: unknown, observer: { disconnect(): void }) => void) | null = null;
  let observed: unknown = null;
  let disconnected = false;
  class PerformanceObserver {
    constructor(callback: typeof observer) {
      observer = callback;
    }
    observe(options: unknown) {
      observed = options;
    }
  }
  const context = vm.createContext({
    document: {
      createElement: () => ({ src: "", async: false }),
      head: { appendChild: (script: { src: string; async: boolean }) => appended.push(script.src) },
    },
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    ...(paintTiming ? { PerformanceObserver } : {}),
  });
  const code = loaderScript(SOURCES)
    .replace(/^<script[^>]*>/, "")
    .replace(/<\/script>$/, "");
  vm.runInContext(code, context);
  const paint = (names: string[]) =>
    observer!(
      { getEntriesByName: (name: string) => names.filter((entry) => entry === name) },
      { disconnect: () => (disconnected = true) },
    );
  return { appended, listeners, paint, observed: () => observed, disconnected: () => disconnected };
}

describe("the loader", () => {
  it("adds every script, in order and once, when the first contentful paint is reported", () => {
    const window = runLoader({ paintTiming: true });
    expect(window.observed()).toEqual({ type: "paint", buffered: true });
    window.paint(["first-paint"]);
    expect(window.appended).toEqual([]);
    window.paint(["first-paint", "first-contentful-paint"]);
    expect(window.appended).toEqual(SOURCES);
    expect(window.disconnected()).toBe(true);
    window.listeners.get("load")!();
    expect(window.appended).toEqual(SOURCES);
  });

  it("adds them at the load event when no paint is reported (a hidden page)", () => {
    const window = runLoader({ paintTiming: true });
    window.listeners.get("load")!();
    expect(window.appended).toEqual(SOURCES);
  });

  it("adds them at the load event in a browser without Paint Timing", () => {
    const window = runLoader({ paintTiming: false });
    expect(window.appended).toEqual([]);
    window.listeners.get("load")!();
    expect(window.appended).toEqual(SOURCES);
  });
});
