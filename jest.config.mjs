import nextJest from "next/jest.js";

// Reads next.config.ts: its transpilePackages (ES-module-only packages) are transformed here too.
const createJestConfig = nextJest({ dir: "./" });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: "node",
  testMatch: ["<rootDir>/{lib,components,scripts}/**/*.test.{ts,tsx}"],
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
  // What a file's modules started (timers, threads, connections) stops after it.
  setupFilesAfterEnv: ["<rootDir>/test-support/shutdown.ts"],
};

export default createJestConfig(config);
