// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverSource = 'apps/server/src';

/**
 * The server's infrastructure: every area may import these freely (with the top-level files
 * `errors.ts`, `config.ts`, `logger.ts` and the contract).
 */
const serverInfrastructure = ['db', 'lib', 'http'];

/**
 * Every other folder of the server is an area (or a composition root: `cli/`, `seed/`), read from
 * the disk so that a new area is guarded the day it is created. Anything outside an area reaches
 * it only through its `index.ts`, the area's declared public surface.
 */
const serverAreas = readdirSync(serverSource, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !serverInfrastructure.includes(entry.name))
  .map((entry) => entry.name)
  .sort();

/**
 * One zone per area: no file outside it imports anything of it but its `index.ts`. The one
 * exception is the area registries (`areas.ts`, the console's; `portal-areas.ts`, the member
 * portal's), which import each area's Fastify plugin
 * (`area.ts`) directly: a plugin pulls in the area's routes, which import `http/`, whose access
 * guard imports `auth/`; exported through the index, every index would reach its own routes and
 * the guard, and `auth` would import itself in a cycle.
 */
const serverAreaZones = serverAreas.flatMap((area) => [
  {
    target: [`./${serverSource}/!(${area})/**`, `./${serverSource}/!(areas|portal-areas).ts`],
    from: `./${serverSource}/${area}`,
    except: ['./index.ts'],
    message: `Import the ${area} area through its index.ts (its public surface): '…/${area}'.`,
  },
  {
    target: [`./${serverSource}/areas.ts`, `./${serverSource}/portal-areas.ts`],
    from: `./${serverSource}/${area}`,
    // routes.ts: an area of one route file registers that file's plugin here, without area.ts.
    except: ['./index.ts', './area.ts', './routes.ts'],
    message: `The area registry imports the ${area} area's plugin (area.ts, or routes.ts when it is the area's one route file) or its index.ts.`,
  },
]);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-test/**',
      '**/node_modules/**',
      'data/**',
      '.test-results/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/portal/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Imports flow one way: app -> features -> shared. A feature never reaches into another
    // feature or into the app shell; shared code lives in src/components and src/lib.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // One exception: the credit-notes feature's index.ts (its dialogs and actions),
              // which the invoice, invoice fixes and member screens place (issue 16).
              group: ['@/features/**', '!@/features/credit-notes', '@/app/**', '../../**'],
              message:
                'Features do not import each other or the app shell; use @/components or @/lib.',
            },
          ],
        },
      ],
    },
  },
  {
    // Import cycles make module order matter and hide layering mistakes; none on either side.
    // The TypeScript resolver reads each workspace's tsconfig (the web's `@/…` paths).
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Read .ts/.tsx files with the TypeScript parser when following imports (as the plugin's
      // own `typescript` preset does); without it no-cycle sees no TypeScript module at all.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/cache': { lifetime: Infinity },
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'packages/contract/tsconfig.json',
            'packages/ui/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // No exception, dynamic `import()` included: the web's screen registry
      // (`config/screens.ts`) is a leaf, and only the router's loaders (`app/screen-loaders.ts`)
      // import the screens.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Server areas: an area imports db/, lib/, http/, the top-level infrastructure files and the
    // contract freely, and another area only through that area's index.ts. Tests may reach into
    // an area's internals to set up and observe state: they are not part of the running
    // dependency graph (they still may not form cycles); so may their shared set-up files
    // (`*test-support.ts`).
    files: [`${serverSource}/**/*.ts`],
    ignores: [`${serverSource}/**/*.test.ts`, `${serverSource}/**/*test-support.ts`],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverAreaZones }],
    },
  },
  {
    // Web: shared code stays below the features. `components/` (shared widgets) never imports a
    // feature or the app shell; `lib/` (fetching, permissions, formats) imports neither those
    // nor `components/`. (The features' own rule is `no-restricted-imports` above.)
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/web/src/components',
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared components do not import features or the app shell.',
            },
            {
              target: './apps/web/src/lib',
              from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'],
              message: 'lib/ is the lowest layer: it imports no feature, app shell or component.',
            },
            {
              // The screen registry and `paths` are read by every feature: a screen (or the
              // shell that loads them) imported here would close a cycle through all of them.
              target: './apps/web/src/config',
              from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'],
              message:
                'config/ (the screen registry, paths) imports no feature, app shell or component: the screens load in app/screen-loaders.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The shared package (`@ops/ui`: what the console and the member portal both use) sits below
    // every app: it may import the contract and its own modules, never an app's code (no `@/…`,
    // which is the console's alias, and no path into apps/).
    files: ['packages/ui/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/*', '@/**', '@ops/web', '@ops/web/**', '**/apps/**'],
              message:
                '@ops/ui imports no app code (no features, no app shell): only @ops/contract, packages and its own modules.',
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/ui',
              from: './apps',
              message: '@ops/ui imports no app code (no features, no app shell).',
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 30: the product reads time from its one clock (the server's `lib/clock.ts`, the browser
    // apps' `@ops/ui/clock`), so that
    // "today" is headquarters' day and tests can set it. A `new Date()` or `Date.now()` of its
    // own, or SQL's `current_date`/`localtimestamp` (the session's zone, not Zurich's), is how
    // the suite came to fail on the day it ran. Durations and deadlines use `performance.now()`.
    // Tests are left free (they build instants and measure); `npm run test:calendar` runs them
    // at the calendar's edges.
    files: [
      'apps/server/src/**/*.ts',
      'apps/web/src/**/*.{ts,tsx}',
      'apps/portal/src/**/*.{ts,tsx}',
      'packages/ui/src/**/*.{ts,tsx}',
    ],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/*test-support.ts',
      '**/*-fixtures.ts',
      'apps/server/src/db/migrations/00[0-4]*.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message:
            "Read the product's clock (`clock.now()` from lib/clock.ts; `machineTime` for timers PostgreSQL's now() compares; `performance.now()` for durations).",
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message:
            "Read the product's clock (`clock.nowMs()` from lib/clock.ts; `machineTime` for timers PostgreSQL's now() compares; `performance.now()` for durations).",
        },
        {
          selector:
            'TemplateElement[value.raw=/\\b(current_date|localtimestamp|localtime|current_time)\\b/i]',
          message:
            "SQL's current_date is the session's day (UTC), not headquarters': pass `clock.today()` as a parameter.",
        },
      ],
    },
  },
  {
    // The command line and scripts talk to a person on the terminal.
    files: ['apps/server/src/cli/**', 'scripts/**', 'bench/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
