// One-way imports are enforced here: web and server never import each other,
// common imports neither, a feature imports another only through its index.ts (decision 037), and server/lib/ does
// not import server/plugins/.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import checkFile from 'eslint-plugin-check-file';

// The shared concepts under lib/ are one module each, reached only through their index.ts (decision 037).
const CONCEPTS = ['custom-fields', 'incident-types', 'invitations', 'actor'];
const conceptZones = [
  {
    group: CONCEPTS.flatMap((c) => [`**/lib/${c}/*`, `!**/lib/${c}/index`]),
    message: "A shared concept only through its index.ts: import 'lib/<concept>', not its files.",
  },
];

const restrict = (zones) => ({
  'no-restricted-imports': ['error', { patterns: [...zones, ...conceptZones] }],
});

/**
 * Another feature only through its face (decision 037): from a feature's file, `<up><b>`, `<up><b>/index` or, on
 * the web side, `<up><b>/first-screen` (what another page draws or reads before its first paint, decision 060) is
 * allowed and any deeper path into <b> is an error; shared pieces live in lib/ (or web/components).
 */
const FACE =
  "Another feature only through its face: import '<feature>', '<feature>/index' or '<feature>/first-screen', not its files.";
const featureZones = (up) => {
  const dots = up.replace(/\./g, '\\.');
  return [
    {
      regex: `^${dots}(?!\\.\\.)[^/]+/(?!(index|first-screen)$).+`,
      message: FACE,
    },
    {
      group: [`${up}../features/*/**`, `!${up}../features/*/index`, `!${up}../features/*/first-screen`],
      message: FACE,
    },
    {
      group: ['**/server/**', '**/web/**'],
      message: 'One-way imports: web and server never import each other.',
    },
  ];
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      'node_modules/**',
      'server/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  // Type-aware rules: floating promises, unsafe any, needless assertions, non-Error throws.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins and hooks are async functions by contract, whether or not they await.
      '@typescript-eslint/require-await': 'off',
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Tests read answers as parsed JSON (app.inject's json(), Playwright's response.json()), which is `any` by
    // nature; the assertions on them are the type check.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*.test-util.ts', 'e2e/**', 'server/test/**', 'web/test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Kebab-case file and folder names (a middle part such as .test or .module is allowed).
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{server,web,common,e2e,bench,scripts}/**/': 'KEBAB_CASE' },
      ],
    },
  },
  {
    files: ['common/**'],
    rules: restrict([
      { group: ['**/server/**', '**/web/**'], message: 'common/ imports neither server/ nor web/.' },
      {
        group: ['react', 'fastify', 'drizzle-orm', 'drizzle-orm/*'],
        message: 'common/ holds pure rules only.',
      },
    ]),
  },
  {
    files: ['web/**'],
    rules: restrict([{ group: ['**/server/**'], message: 'web/ talks to the server over HTTP only.' }]),
  },
  {
    files: ['server/**'],
    rules: restrict([{ group: ['**/web/**'], message: 'server/ never imports web/.' }]),
  },
  {
    // lib/ holds stateless helpers: what a plugin provides reaches it as an argument, never by import.
    files: ['server/lib/**'],
    rules: restrict([
      { group: ['**/plugins/*', '**/plugins/**'], message: 'server/lib/ never imports server/plugins/.' },
      { group: ['**/web/**'], message: 'server/ never imports web/.' },
    ]),
  },
  {
    files: ['server/features/*/**', 'web/features/*/**'],
    rules: restrict(featureZones('../')),
  },
  {
    // A file in a feature's subfolder (web/features/<a>/api/x.ts) reaches another feature with one more '../'.
    files: ['server/features/*/*/**', 'web/features/*/*/**'],
    rules: restrict(featureZones('../../')),
  },
);
