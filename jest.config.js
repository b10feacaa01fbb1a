/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
    // jose is published as ES modules only: compiled to CommonJS like the sources (src/auth/oauth.ts)
    '/node_modules/jose/.+\\.js$': ['@swc/jest', { module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!jose/)'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 30000,
  // Files wait on PostgreSQL and on the processes they start as much as they compute: half a worker more than cores
  // keeps the cores busy (jest reads '150%' as 150 workers).
  maxWorkers: Math.max(2, Math.floor(require('node:os').availableParallelism() * 1.5)),
};
