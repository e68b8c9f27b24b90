// No two server modules import each other, both ways or round a longer loop. A second run of
// dependency-cruiser (`npm run lint`), over src/server/modules alone: a module is its folder, and
// only a loop made of modules counts. In the run over all of src, the folder src/server/db would
// close loops of its own (its seed and CLI scripts call modules that read its schema).
const { options } = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycle',
      severity: 'error',
      comment:
        'Two server modules do not import each other: one side asks a service the other declares ' +
        '(CONVENTIONS 5b), or the piece both need moves to src/server/kit or src/shared.',
      // Folder scope: auth/routes -> menu/routes -> auth/service is a loop of modules though no
      // file comes back to itself. Type-only imports count: they tie the modules' contracts.
      scope: 'folder',
      from: { path: '^src/server/modules/[^/]+$' },
      to: { path: '^src/server/modules/[^/]+', circular: true },
    },
  ],
  options: { ...options, includeOnly: '^src/server/modules/' },
};
