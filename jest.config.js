/**
 * Jest: `unit` (plain logic in Node; components and the page script in jsdom), `integration` (the real server process,
 * Node) and `conformance` (HTTP checks against the bundled server, nginx, Caddy or a URL). Babel
 * options are given inline: a babel.config.js at the root would be picked up by Docusaurus's own
 * build.
 * @type {import('jest').Config}
 */
const babelTransform = [
  'babel-jest',
  {
    babelrc: false,
    configFile: false,
    presets: [
      ['@babel/preset-env', {targets: {node: 'current'}}],
      ['@babel/preset-react', {runtime: 'automatic'}],
      '@babel/preset-typescript',
    ],
  },
];

const shared = {
  transform: {'^.+\\.[cm]?[jt]sx?$': babelTransform},
  // Every package the tests import ships CommonJS but `cookie` (ES modules from 2.0), which
  // Fastify's `inject` loads through light-my-request.
  transformIgnorePatterns: ['/node_modules/(?!cookie/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    '^@site/(.*)$': '<rootDir>/$1',
    // Framework internals that are ES modules only from Docusaurus 4: refused with a reason.
    '^@docusaurus/utils$': '<rootDir>/tests/framework-internals.js',
  },
};

module.exports = {
  projects: [
    {
      ...shared,
      displayName: 'unit',
      // Most units are plain logic; a file that renders or reads a DOM says `@jest-environment jsdom`.
      testEnvironment: 'node',
      roots: ['<rootDir>/tests/unit'],
      moduleNameMapper: {...shared.moduleNameMapper, '\\.css$': 'identity-obj-proxy'},
    },
    {
      ...shared,
      displayName: 'integration',
      testEnvironment: 'node',
      roots: ['<rootDir>/tests/integration'],
      // Jest reads `testTimeout` only at the top level, not per project: the integration
      // tests call jest.setTimeout(60_000) themselves.
    },
    {
      ...shared,
      displayName: 'conformance',
      testEnvironment: 'node',
      roots: ['<rootDir>/tests/conformance'],
      // The checks of a deployed site run only with its URL (npm run check-deploy), never as a
      // suite that skips itself in npm test.
      testPathIgnorePatterns: process.env.CONFORMANCE_URL ? [] : ['/deployed\\.test\\.ts$'],
    },
  ],
};
