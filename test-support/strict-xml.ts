import { SaxesParser } from "saxes";

/**
 * For tests: reads XML the way a strict consumer (feed reader, crawler) would, with saxes, the
 * parser the feed pipeline already uses, so the tests need no system program. Malformed input
 * throws; well-formed input becomes a small element tree that tests query with `select`, `text`,
 * `count` and `descendants`, each taking a step or path that reads like the XPath it stands for.
 */

export interface XmlElement {
  /** The qualified name as written, e.g. `title` or `media:content`. */
  name: string;
  /** The name without its prefix, e.g. `content` for `media:content`. */
  local: string;
  /** Attribute values by qualified name, with entities resolved. */
  attributes: Record<string, string>;
  children: XmlElement[];
  /** All text inside the element, its descendants' and CDATA included (XPath's string value). */
  text: string;
}

/** Parses `xml` strictly (XML 1.0 and namespaces); throws with saxes's message at the first fault. */
export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const open: XmlElement[] = [];
  let root: XmlElement | null = null;
  const addText = (text: string) => {
    for (const element of open) element.text += text;
  };
  parser.on("error", (error) => {
    // saxes would go on after an error; the first one decides.
    throw new Error(`not well-formed XML: ${error.message}`);
  });
  parser.on("opentag", (tag) => {
    const element: XmlElement = {
      name: tag.name,
      local: tag.local,
      attributes: Object.fromEntries(
        Object.values(tag.attributes).map((attribute) => [attribute.name, attribute.value]),
      ),
      children: [],
      text: "",
    };
    const parent = open.at(-1);
    if (parent) parent.children.push(element);
    else root = element;
    open.push(element);
  });
  parser.on("closetag", () => {
    open.pop();
  });
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.write(xml).close();
  // close() has already failed on a document without a root element.
  if (root === null) throw new Error("not well-formed XML: no root element");
  return root;
}

/** Throws when `xml` is not a well-formed XML document. */
export function assertWellFormed(xml: string): void {
  parseXml(xml);
}

/** Whether `element` matches a step: a qualified name, or `*:local` for a local name with any prefix. */
function matches(element: XmlElement, name: string): boolean {
  if (name.startsWith("*:")) return element.local === name.slice(2);
  return element.name === name;
}

/** `root` and every element under it matching `name` (see `matches`), in document order: XPath's `//name`. */
export function descendants(root: XmlElement, name: string): XmlElement[] {
  const found = matches(root, name) ? [root] : [];
  for (const child of root.children) found.push(...descendants(child, name));
  return found;
}

/**
 * The elements an absolute path of child steps selects from the document `root`, in document order:
 * `/rss/channel/item[2]/title`. A step is a name as in `descendants`, optionally with a 1-based
 * position among the matching children of each element the previous step selected.
 */
export function select(root: XmlElement, path: string): XmlElement[] {
  if (!path.startsWith("/")) throw new Error(`not an absolute path: ${path}`);
  let selected: XmlElement[] = [
    { name: "", local: "", attributes: {}, children: [root], text: "" },
  ];
  for (const step of path.slice(1).split("/")) {
    const parsed = /^([\w:*.-]+)(?:\[(\d+)\])?$/.exec(step);
    if (!parsed) throw new Error(`not a step: ${step} (in ${path})`);
    const [, name = "", position] = parsed;
    selected = selected.flatMap((element) => {
      const children = element.children.filter((child) => matches(child, name));
      if (position === undefined) return children;
      const child = children[Number(position) - 1];
      return child ? [child] : [];
    });
  }
  return selected;
}

/** The text of the first element `path` selects, or "" when none: XPath's `string(path)`. */
export function text(root: XmlElement, path: string): string {
  return select(root, path)[0]?.text ?? "";
}

/** How many elements `path` selects: XPath's `count(path)`. */
export function count(root: XmlElement, path: string): number {
  return select(root, path).length;
}
