import path from "node:path";

/**
 * A trivial site built with the project's own Next.js: the framework's ceiling that
 * `npm run bench` measures the project against. Same server options as the project
 * (next.config.ts): no X-Powered-By, no ETag computed per response.
 */
const trivialConfig = {
  poweredByHeader: false,
  generateEtags: false,
  turbopack: { root: path.resolve(import.meta.dirname, "../..") },
};

export default trivialConfig;
