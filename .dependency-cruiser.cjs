// Boundaries between the parts of the app, checked on resolved paths (a `../../` cannot walk
// around them), by `npm run lint`. CONVENTIONS.md points 2 and 5b.

// dependency-cruiser reads TypeScript with swc: it cannot use the compiler API of TypeScript 7 (the
// range it supports ends below 7, in its newest release too). The swc parser of 17.x, the last line
// for Node 20, never turns JSX on, so the first .tsx with markup would stop the run; 18.x turns it on
// for .tsx/.jsx (sverweij/dependency-cruiser#1086). Until then this does the same. swc is one module
// instance for this process, so the parser dependency-cruiser loads calls the wrapped function.
const swc = require('@swc/core');
const parseFileSync = swc.parseFileSync;
swc.parseFileSync = (file, options) =>
  parseFileSync(file, /\.[jt]sx$/.test(file) ? { ...options, tsx: true } : options);

/** Kits are shared by the screens: they never import a screen. (`src/web/app` assembles them.) */
const WEB_KITS = '^src/web/(kit|layout|api|stores|i18n)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-not-to-server',
      severity: 'error',
      comment: 'The web app imports nothing of the server: what both need lives in src/shared.',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-to-web',
      severity: 'error',
      comment: 'The server imports nothing of the web app: what both need lives in src/shared.',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'shared-not-to-apps',
      severity: 'error',
      comment: 'src/shared is imported by the server and the web app: it imports neither.',
      from: { path: '^src/shared/' },
      to: { path: '^src/(web|server)/' },
    },
    {
      name: 'web-kit-not-to-screens',
      severity: 'error',
      comment:
        'A kit (kit, layout, api, stores, i18n) serves every feature: it imports no feature or demo. ' +
        'Move what it needs into the kit.',
      // Nothing imports a test, so a kit's test that also loads screens (the labels of every area)
      // adds no dependency of the kit on them.
      from: { path: WEB_KITS, pathNot: '[.]test[.]tsx?$' },
      to: { path: '^src/web/(features|demos)/' },
    },
    {
      name: 'feature-not-to-feature',
      severity: 'error',
      comment:
        'A feature imports no other feature: move what both need into the kit or src/shared.',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'server-kit-not-to-modules',
      severity: 'error',
      comment:
        'src/server/kit serves every module: it imports none. Move what it needs into the kit, ' +
        'or let the module hand it in.',
      from: { path: '^src/server/kit/' },
      to: { path: '^src/server/modules/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that does not resolve would pass every rule above unseen.',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
