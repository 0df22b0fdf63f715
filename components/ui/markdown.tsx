import ReactMarkdown from "react-markdown";
import rehypeRaw from "rehype-raw";
import rehypeSanitize from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import { rehypePrefixedAnchors } from "@/lib/markdown-anchors";
import { markdownSanitizeSchema } from "@/lib/markdown-schema";
import styles from "./markdown.module.css";

function isExternal(href: string | undefined): boolean {
  return !!href && /^https?:\/\//i.test(href);
}

/**
 * Markdown rendered on the server (no JavaScript shipped): GFM, raw HTML allowed and then
 * sanitised by allowlist. External links open in a new tab.
 */
export function Markdown({ children }: { children: string }) {
  return (
    <div className={styles.prose}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        // Footnote ids are left unprefixed here and prefixed once, by the sanitiser.
        remarkRehypeOptions={{ clobberPrefix: "" }}
        rehypePlugins={[rehypeRaw, [rehypeSanitize, markdownSanitizeSchema], rehypePrefixedAnchors]}
        components={{
          a: ({ node: _node, href, children: text, ...props }) =>
            isExternal(href) ? (
              <a href={href} target="_blank" rel="noopener noreferrer" {...props}>
                {text}
              </a>
            ) : (
              <a href={href} {...props}>
                {text}
              </a>
            ),
          img: ({ node: _node, alt, ...props }) => (
            // Content images have unknown sizes; lazy, and never sent through the optimizer.
            // eslint-disable-next-line @next/next/no-img-element
            <img alt={alt ?? ""} loading="lazy" decoding="async" {...props} />
          ),
        }}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
