// @ts-check
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import melon from './eslint-rules/server-dependency-direction.js';

/** Every folder under apps/web/app/features is a feature, so a new one is bounded too. */
const features = readdirSync(join(import.meta.dirname, 'apps/web/app/features'), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Features of the web app meet in routes; they never import each other (Bulletproof React). */
const featureBoundaries = features.map((feature) => ({
  files: [`apps/web/app/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^~/features/(?!${feature}/)`,
            message: 'Features do not import each other; compose them in a route.',
          },
        ],
      },
    ],
  },
}));

/** Dependencies flow one way: shared <- db, media, danmaku <- apps (DESIGN §2). */
const layerBoundaries = [
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@melon/(?!shared/)',
              message: 'packages/shared depends on nothing of Melon.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/danmaku/**/*.ts', 'packages/media/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@melon/(?!shared/)',
              message: 'This package depends only on packages/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^@melon/(server|web)', message: 'packages do not import apps.' }] },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/.react-router/**',
      '**/.tsbuild/**',
      '.cache/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  ...featureBoundaries,
  ...layerBoundaries,
  {
    // Each browser test reaches its worker's own site (decision 074) through support/test.ts.
    files: ['e2e/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              message: "Import from './support/test.ts': its test reaches the worker's own site.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { melon },
    rules: {
      'melon/server-dependency-direction': [
        'error',
        { srcDir: join(import.meta.dirname, 'apps/server/src') },
      ],
    },
  },
);
