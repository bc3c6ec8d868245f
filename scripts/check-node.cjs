// Plain CommonJS on purpose: it must run on any Node, before TypeScript files are touched.
const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  console.error(
    `\nGRE 备考 needs Node.js 24 or newer; this is Node.js ${process.versions.node} (${process.execPath}).\n` +
      'Run the project through npm (npm start / npm test): npm puts the pinned Node 24 from node_modules/.bin first.\n' +
      'If you see this under npm, run `npm install` first so that the pinned `node` package is installed.\n',
  );
  process.exit(1);
}
