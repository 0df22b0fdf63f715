/** Server-side logging in one place, so the format stays greppable for operators. */

function clean(value: string, max = 300): string {
  // Paths come from strangers: keep log lines single-line and bounded.
  return value.replace(/[\u0000-\u001f\u007f]/g, "?").slice(0, max);
}

export function logNotFound(path: string) {
  console.warn(`[404] ${clean(path)}`);
}

export function logUpstreamError(source: string, detail: string) {
  console.error(`[upstream] ${clean(source)}: ${clean(detail)}`);
}
