#!/usr/bin/env node
// CLI: prints every module-boundary violation as file:line and exits 1 if there is any.
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { checkBoundaries } from './boundaries.mjs';

const root = resolve(process.argv[2] ?? resolve(dirname(fileURLToPath(import.meta.url)), '..'));
const violations = checkBoundaries(root);
for (const v of violations) console.error(`${v.file}:${v.line}: ${v.message}`);
console.log(violations.length ? `Module boundaries: ${violations.length} violation(s)` : 'Module boundaries: ok');
process.exit(violations.length ? 1 : 0);
