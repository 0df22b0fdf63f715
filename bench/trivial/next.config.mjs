/**
 * A trivial site built with the project's own Next.js: the framework's ceiling that
 * `npm run bench` measures the project against. Same server options as the project
 * (next.config.mjs): no X-Powered-By, no ETag computed per response. It is built outside the
 * project, as its own Turbopack root (scripts/lib/processes.mjs, buildTrivial): inside, it
 * would take the project's proxy.ts and instrumentation.ts as its own.
 */
const trivialConfig = {
  poweredByHeader: false,
  generateEtags: false,
  turbopack: { root: import.meta.dirname },
};

export default trivialConfig;
