/**
 * Validate the configuration at start-up so a malformed environment variable stops the
 * server with a clear message instead of failing on some later request.
 */
import { config, ConfigError } from "./lib/env";
import { builtHeadersMismatch } from "./lib/security-headers";

try {
  const mismatch = builtHeadersMismatch(config());
  if (mismatch) console.warn(`\nWarning: ${mismatch}.\n`);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`\n${error.message}\nSee README.md, "Configuration".\n`);
    process.exit(1);
  }
  throw error;
}
