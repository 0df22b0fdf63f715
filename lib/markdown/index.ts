/**
 * The front door of lib/markdown: the one markdown pipeline (markdown.ts, with its sanitising
 * schema and rehype steps) and the URL rules of embedded YouTube videos (youtube.ts).
 */
export { markdownToHtml, rehypePlugins, remarkPlugins, remarkRehypeOptions } from "./markdown";
export { parseYouTubeUrl, youTubeEmbedUrl } from "./youtube";
