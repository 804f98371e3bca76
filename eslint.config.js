import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// ARCHITECTURE.md §3: web → contract, domain; web never imports api. Repeated in each web block
// below that sets no-restricted-imports (a later block's options replace an earlier one's).
const WEB_NEVER_API = [
  { group: ['@shop/api', '@shop/api/*'], message: 'apps/web must not import apps/api (ARCHITECTURE.md §3).' },
  {
    group: ['**/apps/api/**', '**/api/src/**'],
    message: 'apps/web must not import apps/api (ARCHITECTURE.md §3).',
  },
];
// Issue 30: a deeper file of another feature is its internals; `../payment` or `../payment/index.ts`
// is its public face.
const NOT_INDEX = '(?!index(\\.tsx?)?$)';
const ANOTHER_FEATURE = "Another feature's internals: import its index (../<feature>) instead.";

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/build/**', '**/.react-router/**', 'var/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Kysely's advice: migrations see the schema as it was, not today's types, so they take Kysely<any>.
    files: ['apps/api/src/db/migrations/**', 'apps/api/src/db/migrate.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // ARCHITECTURE.md §3 (decision 036): a module calls another module's service, never its
    // repository. A module reaches its own repository as ./<name>.repository.ts, so any repository
    // reached by going up a folder is another module's.
    files: ['apps/api/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./.*\\.repository(\\.ts)?$',
              message: "Another module's repository: call its service instead (ARCHITECTURE.md §3).",
            },
          ],
        },
      ],
    },
  },
  {
    // SQL lives in repositories (STYLE.md 2-3), besides migrations, seeds, tests and the shared
    // database helpers (row locks, state-machine moves).
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      '**/*.repository.ts',
      '**/*.test.ts',
      'apps/api/src/db/migrations/**',
      'apps/api/src/seed/**',
      'apps/api/src/db/locks.ts',
      'apps/api/src/db/like.ts',
      'apps/api/src/db/transition.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
          message: 'A query outside a repository: move it into <module>.repository.ts (STYLE.md 2-3).',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql'], CallExpression[callee.object.name='sql']",
          message: 'SQL outside a repository: move it into <module>.repository.ts (STYLE.md 2-3).',
        },
      ],
    },
  },
  {
    // ARCHITECTURE.md §3: web → contract, domain; web never imports api.
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: WEB_NEVER_API }],
    },
  },
  {
    // Issue 30: a buyer feature reaches another feature only through its index (its public face),
    // and never the console.
    files: ['apps/web/app/features/**/*.{ts,tsx}'],
    ignores: ['apps/web/app/features/admin/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...WEB_NEVER_API,
            {
              regex: '^\\.\\./admin(/|$)',
              message: 'A buyer feature never imports the console (features/admin/).',
            },
            { regex: `^\\.\\./(?!admin/)[^./][^/]*/${NOT_INDEX}`, message: ANOTHER_FEATURE },
          ],
        },
      ],
    },
  },
  {
    // Issue 30: a console area reaches the kit's files, and another area or a buyer feature only
    // through its index.
    files: ['apps/web/app/features/admin/**/*.{ts,tsx}'],
    ignores: ['apps/web/app/features/admin/kit/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...WEB_NEVER_API,
            { regex: `^\\.\\./(?!kit/)[^./][^/]*/${NOT_INDEX}`, message: ANOTHER_FEATURE },
            { regex: `^\\.\\./\\.\\./(?!admin/)[^./][^/]*/${NOT_INDEX}`, message: ANOTHER_FEATURE },
          ],
        },
      ],
    },
  },
  {
    // Issue 30: the console's kit is shared by every console area and imports none of them.
    files: ['apps/web/app/features/admin/kit/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...WEB_NEVER_API,
            { regex: '^\\.\\./(?!kit(/|$))[^./]', message: 'The console kit imports no console area.' },
            { regex: `^\\.\\./\\.\\./(?!admin/)[^./][^/]*/${NOT_INDEX}`, message: ANOTHER_FEATURE },
          ],
        },
      ],
    },
  },
  {
    // Issue 30: lib/ holds what several features share and sits below them and the stores;
    // components/ui/ is shared UI that knows no feature.
    files: ['apps/web/app/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...WEB_NEVER_API,
            {
              regex: '^\\.\\./(stores|features)(/|$)',
              message: 'lib/ imports no store and no feature: move the code up, or pass what it needs in.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/app/components/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...WEB_NEVER_API,
            {
              regex: '^\\.\\./\\.\\./features(/|$)',
              message: 'components/ui/ knows no feature: pass what it needs in.',
            },
          ],
        },
      ],
    },
  },
  {
    // Pure packages stay free of I/O and of the apps.
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@shop/api*', '@shop/web*', '**/apps/**'], message: 'packages never import apps.' },
          ],
        },
      ],
    },
  },
);
