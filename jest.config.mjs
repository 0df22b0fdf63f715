import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/**
 * Packages that ship only ES modules, which the tests load (the markdown pipeline's unified
 * family, the stories' stemmer): transformed to CommonJS like the project's own files. Every
 * other package of node_modules is loaded as it is, as next/jest has it.
 */
const ESM_ONLY = [
  "unified",
  "bail",
  "trough",
  "is-plain-obj",
  "devlop",
  "vfile[^/]*",
  "unist-[^/]+",
  "mdast-[^/]+",
  "micromark[^/]*",
  "hast[^/]*",
  "rehype-[^/]+",
  "remark-[^/]+",
  "property-information",
  "space-separated-tokens",
  "comma-separated-tokens",
  "html-void-elements",
  "html-url-attributes",
  "zwitch",
  "ccount",
  "character-[^/]+",
  "decode-named-character-reference",
  "longest-streak",
  "markdown-table",
  "escape-string-regexp",
  "trim-lines",
  "web-namespaces",
  "stringify-entities",
  "estree-util-[^/]+",
  "parse5",
  "entities",
  "stemmer",
];

/** @type {import('jest').Config} */
const config = {
  testEnvironment: "node",
  testMatch: ["<rootDir>/{lib,components,scripts}/**/*.test.{ts,tsx}"],
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
  // What a file's modules started (timers, threads, connections) stops after it.
  setupFilesAfterEnv: ["<rootDir>/test-support/shutdown.ts"],
};

/** next/jest's configuration, with the packages above transformed too. */
async function jestConfig() {
  const resolved = await createJestConfig(config)();
  return {
    ...resolved,
    transformIgnorePatterns: [
      `/node_modules/(?!(?:${ESM_ONLY.join("|")})/)`,
      "^.+\\.module\\.(css|sass|scss)$",
    ],
  };
}

export default jestConfig;
