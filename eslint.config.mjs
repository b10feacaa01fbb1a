import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['jest.config.js', 'dist/', 'node_modules/', 'data/', 'coverage/', 'test/support/graphql-types.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    rules: {
      // GraphQL arguments and resolver sources are untyped at the edges.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transactional']",
          message: "Use transaction() of src/db/transaction.ts: MikroORM's transactional turns on Node's promise hooks for the whole process.",
        },
      ],
    },
  },
);
