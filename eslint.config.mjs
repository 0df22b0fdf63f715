import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

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
    // Next.js's public API only: its internals change without notice. The one workaround for an
    // upstream bug (vercel/next.js#62228) lives in components/not-found/prerender-check.ts.
    ignores: ["components/not-found/prerender-check.ts", "e2e/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["next/dist/*"], message: "Use Next.js's public API." }] },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "AssignmentExpression > MemberExpression.left[object.property.name='prototype']",
          message: "Never patch a prototype (Node's, Next's or anyone's).",
        },
        {
          // A link's prefetch fetches only the route's tree here (the pages are rendered per
          // publication), and the click fetches the whole page anyway; on a slow phone each
          // prefetch was two requests and main-thread tasks during start-up (docs/benchmarks.md).
          selector:
            "JSXOpeningElement[name.name='Link']:not(:has(JSXAttribute[name.name='prefetch']))",
          message:
            "Give next/link prefetch={false}: its prefetch costs a phone and gains nothing here.",
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
