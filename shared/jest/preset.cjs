// One jest setup for every frontend package: swc for TS/TSX, react-router 8 (ESM-only) transformed.
const path = require('node:path');

const esmPackages = ['react-router', '@remix-run/route-pattern', 'cookie-es', 'mitt', 'typebox'];

module.exports = function jestPreset({ rootDir, testEnvironment = path.join(__dirname, 'environment.cjs') }) {
  return {
    rootDir,
    testEnvironment,
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    setupFiles: [path.join(__dirname, 'setup.cjs')],
    setupFilesAfterEnv: [path.join(__dirname, 'setupAfterEnv.cjs')],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    moduleNameMapper: { '\\.(css|svg|png|jpg|webp)$': path.join(__dirname, 'fileMock.cjs') },
    transform: {
      '^.+\\.(t|j|mj)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            target: 'es2022',
            transform: {
              react: { runtime: 'automatic' },
              optimizer: { globals: { vars: { 'import.meta.hot': 'undefined' } } },
            },
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  };
};
