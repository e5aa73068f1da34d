import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import webBoundaries from './eslint/web-boundaries.js';

const ormModules = ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/pglite', '@electric-sql/pglite/*'];

// The import rules (docs/architecture.md), each written once. A later config block for the same files replaces
// `no-restricted-imports` rather than adding to it, so every block below is built from the whole list of patterns
// that hold for its files (`serverLayers`), never from a block above.
const noWeb = { group: ['**/web/**', '**/web'], message: 'server/ must not import web/; share code through contract/.' };
const noOrm = { group: ormModules, message: 'Only server/db/ touches the ORM and the database drivers.' };
// A route reads with the scope its guard built (server/auth/permissions.ts), never one it makes: the constructors of
// server/domain/team-scope.ts are for the guards, the event hub and the notifier (docs/decisions/0043).
const noScopeMaking = [
  {
    group: ['**/domain/team-scope'],
    importNames: ['everyAgentScope', 'teamsScope', 'scopeOfLedTeams', 'narrowScopeToTeam'],
    message: 'Routes read with the TeamScope their guard returns (requireStaffReader); narrow it with narrowToTeam.',
  },
  {
    group: ['**/auth/team-scope'],
    importNames: ['scopeOfCaller'],
    message: 'Routes read with the TeamScope their guard returns (requireStaffReader).',
  },
];
const outsideDb = [noWeb, noOrm];

/** The server's layers: the files of each and every pattern their imports must not match. */
const serverLayers = [
  { files: ['server/**/*.ts'], ignores: ['server/db/**'], patterns: outsideDb },
  { files: ['server/db/**/*.ts'], patterns: [noWeb] },
  {
    files: ['server/domain/**/*.ts'],
    patterns: [
      ...outsideDb,
      {
        regex: '^\\.\\./(db|http|auth)(/|$)',
        message: 'server/domain holds pure rules: it imports nothing of server/db, server/http or server/auth.',
      },
    ],
  },
  {
    files: ['server/http/**/*.ts'],
    patterns: [
      ...outsideDb,
      ...noScopeMaking,
      { regex: '^\\.\\./db(/|$)', message: 'server/http does not import server/db: routes, auth and live call the database.' },
    ],
  },
  {
    files: ['server/routes/**/*.ts'],
    patterns: [
      ...outsideDb,
      ...noScopeMaking,
      // Their catalog (./messages) is no routes file.
      { regex: '^\\./(?!messages$|(en|de|es|fr)\\.json$)', message: 'A routes file does not import another: share through server/http, server/domain or server/db.' },
    ],
  },
  {
    files: ['server/db/queries/**/*.ts'],
    patterns: [
      noWeb,
      { regex: '^\\.\\./operations(/|$)', message: 'server/db/queries do not import server/db/operations: operations build on queries.' },
    ],
  },
];

/** One config block: `files` (less `ignores`) may import nothing that matches `patterns`. */
function restrictImports({ files, ignores, patterns }) {
  return { files, ...(ignores ? { ignores } : {}), rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  restrictImports({
    files: ['contract/**/*.ts'],
    ignores: ['contract/**/*.test.ts'],
    // intl-messageformat: the texts of contract/i18n.ts are ICU messages, rendered the same way on both sides.
    patterns: [{ regex: '^(?!zod$|intl-messageformat$|\\./|\\.\\./i18n$).*', message: 'contract/ imports only zod, intl-messageformat and itself.' }],
  }),
  ...serverLayers.map(restrictImports),
  // The service worker's source, written to sw.js by the build (scripts/vite-service-worker.ts).
  { files: ['web/service-worker.js'], languageOptions: { globals: { ...globals.serviceworker } } },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, web: webBoundaries },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'web/feature-boundaries': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/server'], message: 'web/ must not import server/; share code through contract/.' },
            { group: ormModules, message: 'The web app never touches the database.' },
          ],
        },
      ],
    },
  },
);
