/**
 * The front door of lib/markdown: the one markdown pipeline (pipeline.ts, with its sanitising
 * schema and rehype steps). The URL rules of YouTube videos are lib/youtube.ts.
 */
export { markdownToHtml, rehypePlugins, remarkPlugins, remarkRehypeOptions } from "./pipeline";
