import rehypeRaw from "rehype-raw";
import rehypeSanitize from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified, type PluggableList } from "unified";
import { markdownSanitizeSchema } from "./sanitize-schema";
import { rehypeLinksAndImages, rehypePrefixedAnchors } from "./rehype-steps";

/**
 * The one markdown pipeline: GFM, raw HTML allowed, then sanitised by allowlist, then our
 * own link and anchor steps. Pages render it to React (components/ui/markdown.tsx); the RSS
 * feed renders it to an HTML string (markdownToHtml), so both carry the same markup.
 */
export const remarkPlugins: PluggableList = [remarkGfm];

// Footnote ids are left unprefixed here and prefixed once, by the sanitiser.
export const remarkRehypeOptions = { allowDangerousHtml: true, clobberPrefix: "" } as const;

export const rehypePlugins: PluggableList = [
  rehypeRaw,
  [rehypeSanitize, markdownSanitizeSchema],
  rehypePrefixedAnchors,
  rehypeLinksAndImages,
];

const toHtml = unified()
  .use(remarkParse)
  .use(remarkPlugins)
  .use(remarkRehype, remarkRehypeOptions)
  .use(rehypePlugins)
  .use(rehypeStringify)
  .freeze();

export function markdownToHtml(markdown: string): string {
  return String(toHtml.processSync(markdown));
}
