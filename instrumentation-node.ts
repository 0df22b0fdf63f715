/**
 * Validate the configuration at start-up so a malformed environment variable stops the
 * server with a clear message instead of failing on some later request.
 */
import { config, ConfigError } from "./lib/env";

try {
  config();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`\n${error.message}\nSee README.md, "Configuration".\n`);
    process.exit(1);
  }
  throw error;
}
