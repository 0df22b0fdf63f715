import { defaultSchema } from "rehype-sanitize";

/**
 * The allowlist applied after raw HTML is parsed: GitHub's default schema (no scripts,
 * styles, event handlers, forms or iframes; only http, https, mailto, irc(s), xmpp URLs)
 * plus a few harmless editorial elements. `clobberPrefix` is cleared because ids only
 * serve in-page anchors here and the prefix would break them.
 */
export const markdownSanitizeSchema = {
  ...defaultSchema,
  clobberPrefix: "",
  tagNames: [
    ...(defaultSchema.tagNames ?? []),
    "figure",
    "figcaption",
    "aside",
    "abbr",
    "mark",
    "small",
    "cite",
  ],
  attributes: {
    ...defaultSchema.attributes,
    abbr: ["title"],
    img: [...(defaultSchema.attributes?.img ?? []), "loading", "width", "height"],
  },
};
