import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

const NEXT_INTERNALS = { group: ["next/dist/*"], message: "Use Next.js's public API." };
const NEXT_LINK = {
  name: "next/link",
  message: "Use SiteLink (components/ui/site-link.tsx): the site's links do not prefetch.",
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // Destructuring a prop away (e.g. react-markdown's `node`) is how we drop it.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Next.js's public API only: its internals change without notice. The workarounds for
    // upstream bugs live in one file each: vercel/next.js#62228 in
    // components/not-found/prerender-check.ts; #92907 in lib/serving/router-state.mjs, whose
    // test holds it to Next's own parser (and fails once Next no longer needs it).
    ignores: [
      "components/not-found/prerender-check.ts",
      "lib/serving/router-state.test.ts",
      "e2e/**",
    ],
    rules: {
      "no-restricted-imports": ["error", { patterns: [NEXT_INTERNALS], paths: [NEXT_LINK] }],
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "AssignmentExpression > MemberExpression.left[object.property.name='prototype']",
          message: "Never patch a prototype (Node's, Next's or anyone's).",
        },
      ],
    },
  },
  {
    // A long file is two things in one; a long function, several steps that want names. Every
    // line counts, comments and blank ones too. Tests are long lists of cases and are left out.
    files: ["lib/**/*.{ts,tsx,mjs}"],
    ignores: ["lib/**/*.test.{ts,tsx}"],
    rules: {
      "max-lines": ["error", { max: 300, skipBlankLines: false, skipComments: false }],
      "max-lines-per-function": [
        "error",
        { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true },
      ],
    },
  },
  {
    // Where next/dist may be read, next/link still may not.
    files: [
      "components/not-found/prerender-check.ts",
      "lib/serving/router-state.test.ts",
      "e2e/**",
    ],
    rules: { "no-restricted-imports": ["error", { paths: [NEXT_LINK] }] },
  },
  {
    // The one file that wraps next/link (and says why).
    files: ["components/ui/site-link.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [NEXT_INTERNALS] }] },
  },
  {
    files: ["**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  globalIgnores([
    "**/.next/**",
    "node_modules/**",
    "next-env.d.ts",
    "test-results/**",
    "playwright-report/**",
    "e2e/.tmp/**",
  ]),
]);
