/**
 * The front door of lib/serving: the security headers every response carries, fixed at build
 * (security-headers.ts). compressed-pages.mjs is loaded by server.mjs unbundled, so it is not
 * re-exported here: import it by file path.
 */
export {
  BUILT_HEADERS_VARIABLE,
  builtHeadersMismatch,
  builtSecurityHeaders,
  securityHeaders,
} from "./security-headers";
