import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// The layers, as folders: main → {runner, github, trunk, render} → {core, http} → shared. Imports
// point down only; the folders of one level do not import each other.
/** @type {Record<string, string[]>} */
const LAYERS = {
  shared: [],
  core: ['shared'],
  http: ['shared'],
  runner: ['core', 'http', 'shared'],
  github: ['core', 'http', 'shared'],
  trunk: ['core', 'http', 'shared'],
  render: ['core', 'shared'],
};
const FOLDERS = Object.keys(LAYERS);
/** @type {import('eslint').Linter.Config[]} */
const layerRules = Object.entries(LAYERS).map(([folder, allowed]) => ({
  files: [`src/${folder}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [
              ...FOLDERS.filter((f) => f !== folder && !allowed.includes(f)).map((f) => `**/${f}/*`),
              '**/main.js',
            ],
            message: `src/${folder} may import only from ${allowed.length ? allowed.map((f) => `src/${f}`).join(', ') : 'itself'}: imports point down (main → runner, github, trunk, render → core, http → shared).`,
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'node_modules/', '.ci/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        performance: 'readonly',
        URL: 'readonly',
        AbortSignal: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  ...layerRules,
);
