/** The little of hast (the HTML syntax tree) this step reads. */
interface Element {
  type: "element";
  tagName: string;
  properties: Record<string, unknown>;
  children: Node[];
}
type Node = Element | { type: string; children?: Node[] };
type Root = { type: "root"; children: Node[] };
type RootContent = Node;

/**
 * Rehype steps that run after the sanitiser (lib/markdown/pipeline.ts), on markup already known safe.
 *
 * Anchors: sanitising prefixes every id and name in a post with "user-content-" so that markup from
 * outside cannot clobber the page's own globals (an element with id="__next_f" would become
 * window.__next_f). This rehype step, run after the sanitiser, points in-page links ("#top",
 * footnote references) at the prefixed ids, so anchors keep working.
 */
export const ANCHOR_PREFIX = "user-content-";

function walk(node: Root | RootContent, visit: (element: Element) => void) {
  if (node.type === "element") visit(node as Element);
  for (const child of node.children ?? []) walk(child, visit);
}

/** A typo such as "#%zz" in a post must not take the page down. */
function safeDecode(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

export function rehypePrefixedAnchors() {
  return (tree: Root) => {
    const ids = new Set<string>();
    walk(tree, (element) => {
      // The sanitiser prefixes `name` (old-style anchors) as well as `id`.
      for (const key of ["id", "name"]) {
        const value = element.properties[key];
        if (typeof value === "string") ids.add(value);
      }
    });
    walk(tree, (element) => {
      const href = element.properties.href;
      if (element.tagName !== "a" || typeof href !== "string" || !href.startsWith("#")) return;
      const target = safeDecode(href.slice(1));
      if (!ids.has(target) && ids.has(`${ANCHOR_PREFIX}${target}`)) {
        element.properties.href = `#${ANCHOR_PREFIX}${target}`;
      }
    });
  };
}

function isExternal(href: unknown): boolean {
  return typeof href === "string" && /^https?:\/\//i.test(href);
}

/**
 * Links to other sites open in a new tab without handing it this page (rel noopener
 * noreferrer); images load lazily, with an empty alt when the author gave none.
 */
export function rehypeLinksAndImages() {
  return (tree: Root) => {
    walk(tree, (element) => {
      if (element.tagName === "a" && isExternal(element.properties.href)) {
        element.properties.target = "_blank";
        element.properties.rel = ["noopener", "noreferrer"];
      }
      if (element.tagName === "img") {
        element.properties.loading = "lazy";
        element.properties.decoding = "async";
        element.properties.alt ??= "";
      }
    });
  };
}
