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
 * Sanitising prefixes every id and name in a post with "user-content-" so that markup from
 * outside cannot clobber the page's own globals (an element with id="__next_f" would become
 * window.__next_f). This rehype step, run after the sanitiser, points in-page links ("#top",
 * footnote references) at the prefixed ids, so anchors keep working.
 */
export const ANCHOR_PREFIX = "user-content-";

function walk(node: Root | RootContent, visit: (element: Element) => void) {
  if (node.type === "element") visit(node as Element);
  for (const child of node.children ?? []) walk(child, visit);
}

export function rehypePrefixedAnchors() {
  return (tree: Root) => {
    const ids = new Set<string>();
    walk(tree, (element) => {
      const id = element.properties.id;
      if (typeof id === "string") ids.add(id);
    });
    walk(tree, (element) => {
      const href = element.properties.href;
      if (element.tagName !== "a" || typeof href !== "string" || !href.startsWith("#")) return;
      const target = decodeURIComponent(href.slice(1));
      if (!ids.has(target) && ids.has(`${ANCHOR_PREFIX}${target}`)) {
        element.properties.href = `#${ANCHOR_PREFIX}${target}`;
      }
    });
  };
}
