/**
 * The front door of lib/serving: the security headers every response carries, fixed at build
 * (security-headers.ts). compressed-pages.mjs is loaded by server.mjs unbundled, so it is not
 * re-exported here: import it by file path.
 */
export { builtHeadersMismatch, builtSecurityHeaders } from "./security-headers";
/** @public next.config.mjs loads them for the build through jiti, which knip does not follow. */
export { BUILT_HEADERS_VARIABLE, securityHeaders } from "./security-headers";
