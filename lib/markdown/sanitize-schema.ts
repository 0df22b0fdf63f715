import { defaultSchema } from "rehype-sanitize";

/**
 * The allowlist applied after raw HTML is parsed: GitHub's default schema (no scripts,
 * styles, event handlers, forms or iframes; only http, https, mailto, irc(s), xmpp URLs;
 * ids and names prefixed with "user-content-" so they cannot clobber globals) plus a few
 * harmless editorial elements. In-page links are re-pointed by lib/markdown/rehype-steps.ts.
 */
export const markdownSanitizeSchema = {
  ...defaultSchema,
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
