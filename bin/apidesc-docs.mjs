#!/usr/bin/env node
// Entry point of the `apidesc-docs` command. The CLI is TypeScript run by Node's type stripping,
// which needs Node 22.18 or newer: say so clearly instead of failing with a syntax error.
import module from 'node:module';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(`apidesc-docs needs Node.js 22.18 or newer (this is ${process.version}).\n`);
  process.exit(2);
}
// Node's on-disk compile cache keeps the type-stripped, compiled modules between runs: it
// more than halves start-up, which dominates validating small documents.
module.enableCompileCache?.();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
