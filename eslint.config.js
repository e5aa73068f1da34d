import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import webBoundaries from './eslint/web-boundaries.js';

const ormModules = ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/pglite', '@electric-sql/pglite/*'];

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
  {
    files: ['contract/**/*.ts'],
    ignores: ['contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|\\./).*', message: 'contract/ imports only zod and itself.' }] },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', '**/web'], message: 'server/ must not import web/; share code through contract/.' },
            { group: ormModules, message: 'Only server/db/ touches the ORM and the database drivers.' },
          ],
        },
      ],
    },
  },
  {
    // A route reads with the scope its guard built (server/auth/permissions.ts), never one it makes: the constructors of
    // server/domain/team-scope.ts are for the guards, the event hub and the notifier (docs/decisions/0043).
    files: ['server/routes/**/*.ts', 'server/http/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', '**/web'], message: 'server/ must not import web/; share code through contract/.' },
            { group: ormModules, message: 'Only server/db/ touches the ORM and the database drivers.' },
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
          ],
        },
      ],
    },
  },
  {
    files: ['server/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**', '**/web'], message: 'server/ must not import web/; share code through contract/.' }] },
      ],
    },
  },
  // The server's layers (docs/architecture.md). A later block for the same files replaces the rule, so each repeats
  // the patterns of the blocks above that also apply to its files.
  {
    files: ['server/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', '**/web'], message: 'server/ must not import web/; share code through contract/.' },
            { group: ormModules, message: 'Only server/db/ touches the ORM and the database drivers.' },
            {
              regex: '^\\.\\./(db|http|auth)(/|$)',
              message: 'server/domain holds pure rules: it imports nothing of server/db, server/http or server/auth.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/http/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', '**/web'], message: 'server/ must not import web/; share code through contract/.' },
            { group: ormModules, message: 'Only server/db/ touches the ORM and the database drivers.' },
            { regex: '^\\.\\./db(/|$)', message: 'server/http does not import server/db: routes, auth and live call the database.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', '**/web'], message: 'server/ must not import web/; share code through contract/.' },
            { group: ormModules, message: 'Only server/db/ touches the ORM and the database drivers.' },
            { regex: '^\\./', message: 'A routes file does not import another: share through server/http, server/domain or server/db.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/db/queries/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', '**/web'], message: 'server/ must not import web/; share code through contract/.' },
            { regex: '^\\.\\./operations(/|$)', message: 'server/db/queries do not import server/db/operations: operations build on queries.' },
          ],
        },
      ],
    },
  },
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
