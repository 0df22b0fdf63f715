// Types for lib/serving/scripts-after-paint.mjs, plain JavaScript because the cache handler loads it unbundled.

export const MARKER: string;
export function loaderScript(sources: string[]): string;
export function scriptsAfterPaint(html: string): string;
