import ReactMarkdown from "react-markdown";
import { rehypePlugins, remarkPlugins, remarkRehypeOptions } from "@/lib/markdown";
import styles from "./markdown.module.css";

/**
 * Markdown rendered on the server (no JavaScript shipped) through the one pipeline in
 * lib/markdown/pipeline.ts: GFM, raw HTML allowed then sanitised, external links in a new tab.
 */
export function Markdown({ children }: { children: string }) {
  return (
    <div className={styles.prose}>
      <ReactMarkdown
        remarkPlugins={remarkPlugins}
        remarkRehypeOptions={remarkRehypeOptions}
        rehypePlugins={rehypePlugins}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
