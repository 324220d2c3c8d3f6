/**
 * Kernel purity: the kernel learns about chains and features from manifests only. This
 * test parses every non-test source file with the TypeScript parser and checks:
 *   (a) no import of a UI framework, chain SDK, wallet protocol SDK or workspace package;
 *   (b) no chain namespace or feature plugin name in identifiers, strings or regexes
 *       ("send" only as a string: the kernel's gate legitimately calls its callback `send`);
 *   (c) no module-level mutable state (top-level `let` / `var`).
 * Comments are documentation, not behaviour, and are not checked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');

const FORBIDDEN_IMPORTS: readonly RegExp[] = [
  /^react(\/|$)/,
  /^react-dom(\/|$)/,
  /^viem(\/|$)/,
  /^@solana\//,
  /^bitcoinjs-lib(\/|$)/,
  /^@walletconnect\//,
  /^@portico\//,
];
const CHAIN_NAMES = ['eip155', 'solana', 'bip122', 'polkadot'];
const FEATURE_NAMES = ['email', 'social', 'socials', 'swap', 'swaps', 'onramp', 'receive', 'history', 'siwx', 'walletconnect'];
/** Words forbidden anywhere in code (identifiers, strings, regexes). */
const WORD = new RegExp(`\\b(${[...CHAIN_NAMES, ...FEATURE_NAMES].join('|')})\\b`, 'i');
/** Words forbidden in string literals only. */
const STRING_ONLY_WORD = /\bsend\b/i;

/**
 * Uses that are part of the platform contract, not knowledge of a plugin: each names the
 * file, the word and why. Keep this list short and justified.
 */
const ALLOWED: ReadonlyArray<{ file: string; word: string; why: string }> = [
  { file: 'src/taxonomy/connectors.ts', word: 'walletconnect', why: "the spec's connector-group taxonomy (ARCHITECTURE §1 allows it)" },
  { file: 'src/chain/activity.ts', word: 'send', why: "the spec's Transaction operationType ('send'), not the Send plugin" },
  { file: 'src/chain/activity.ts', word: 'receive', why: "the spec's Transaction operationType ('receive'), not the Receive plugin" },
  { file: 'src/schema/formatIssues.ts', word: 'email', why: "zod's string format id, for the spec's generic \"Invalid email\" schema message" },
  { file: 'src/manifest/contributionSchemas.ts', word: 'social', why: 'the `socialProviders` contribution point, one of the points ARCHITECTURE.md §1 gives the kernel' },
  { file: 'src/manifest/manifestSchema.ts', word: 'social', why: 'the `socialProviders` contribution point, one of the points ARCHITECTURE.md §1 gives the kernel' },
];

interface Violation {
  file: string;
  line: number;
  rule: 'import' | 'name' | 'mutable-state';
  text: string;
}

/** Splits camelCase / PascalCase / snake_case so `onrampView` is seen as `onramp view`. */
function splitWords(text: string): string {
  return text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_$]/g, ' ');
}

/** Checks one source text; `file` is relative to the package root. */
function checkSource(file: string, source: string): Violation[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const violations: Violation[] = [];
  const lineOf = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const report = (node: ts.Node, rule: Violation['rule'], text: string) => violations.push({ file, line: lineOf(node), rule, text });
  const allowed = (word: string) => ALLOWED.some((a) => a.file === file && a.word === word.toLowerCase());

  const checkName = (node: ts.Node, text: string, isString: boolean) => {
    for (const candidate of [text, splitWords(text)]) {
      const match = WORD.exec(candidate);
      if (match && !allowed(match[1]!)) return report(node, 'name', `"${match[1]}" in ${JSON.stringify(text)}`);
    }
    if (isString && STRING_ONLY_WORD.test(text) && !allowed('send')) report(node, 'name', `"send" in string ${JSON.stringify(text)}`);
  };

  const checkImport = (node: ts.Node, specifier: string) => {
    if (FORBIDDEN_IMPORTS.some((pattern) => pattern.test(specifier))) report(node, 'import', specifier);
  };

  for (const statement of sf.statements) {
    if (ts.isVariableStatement(statement) && !(statement.declarationList.flags & ts.NodeFlags.Const)) {
      const kind = statement.declarationList.flags & ts.NodeFlags.Let ? 'let' : 'var';
      report(statement, 'mutable-state', `top-level ${kind} ${statement.declarationList.declarations.map((d) => d.name.getText(sf)).join(', ')}`);
    }
  }

  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      checkImport(node, node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression;
      if (ts.isStringLiteral(expression)) checkImport(node, expression.text);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    ) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) checkImport(node, argument.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      checkImport(node, node.argument.literal.text);
    }

    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) checkName(node, node.text, false);
    else if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      checkName(node, node.text, true);
    } else if (ts.isRegularExpressionLiteral(node)) checkName(node, node.text, true);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return violations;
}

/** Every non-test .ts file under src, relative to the package root. */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [relative(ROOT, path)] : [];
  });
}

const format = (violations: readonly Violation[]) => violations.map((v) => `${v.file}:${v.line} [${v.rule}] ${v.text}`).join('\n');

describe('kernel purity', () => {
  const files = sourceFiles();
  const violations = files.flatMap((file) => checkSource(file, readFileSync(join(ROOT, file), 'utf8')));

  it('finds the kernel sources', () => {
    expect(files.length).toBeGreaterThanOrEqual(25);
    expect(files).toContain('src/index.ts');
    expect(files.some((f) => f.endsWith('.test.ts'))).toBe(false);
  });

  it('(a) imports no UI framework, chain SDK, wallet SDK or workspace package', () => {
    const found = violations.filter((v) => v.rule === 'import');
    expect(found, `Forbidden imports:\n${format(found)}`).toEqual([]);
  });

  it('(b) names no chain namespace or feature plugin', () => {
    const found = violations.filter((v) => v.rule === 'name');
    expect(found, `Chain or feature names in the kernel:\n${format(found)}`).toEqual([]);
  });

  it('(c) keeps no module-level mutable state', () => {
    const found = violations.filter((v) => v.rule === 'mutable-state');
    expect(found, `Module-level mutable state:\n${format(found)}`).toEqual([]);
  });

  it('every allowlist entry is still needed', () => {
    for (const entry of ALLOWED) {
      expect(readFileSync(join(ROOT, entry.file), 'utf8').toLowerCase(), `${entry.file}: ${entry.why}`).toContain(entry.word);
    }
  });

  it('declares no forbidden package as a dependency', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const deps = ['dependencies', 'peerDependencies', 'optionalDependencies'].flatMap((k) => Object.keys(pkg[k] ?? {}));
    expect(deps.filter((dep) => FORBIDDEN_IMPORTS.some((pattern) => pattern.test(dep)))).toEqual([]);
  });
});

describe('the purity checker itself', () => {
  it('reports forbidden imports of every form, with file and line', () => {
    const source = [
      "import { useState } from 'react';",
      "import type { Address } from 'viem';",
      "export { x } from '@portico/react';",
      "const sdk = await import('@solana/web3.js');",
      "const lib = require('bitcoinjs-lib');",
      "type T = import('@walletconnect/types').X;",
      "import ok from 'react-query';",
      "import ok2 from './reactor';",
    ].join('\n');
    const found = checkSource('src/bad.ts', source).filter((v) => v.rule === 'import');
    expect(found.map((v) => [v.line, v.text])).toEqual([
      [1, 'react'],
      [2, 'viem'],
      [3, '@portico/react'],
      [4, '@solana/web3.js'],
      [5, 'bitcoinjs-lib'],
      [6, '@walletconnect/types'],
    ]);
    expect(format(found)).toContain('src/bad.ts:1 [import] react');
  });

  it('reports chain and feature names in identifiers, strings, templates and regexes, in any case', () => {
    const source = [
      "const ns = 'eip155';",
      'const OnrampView = 1;',
      'function openSiwx() {}',
      'const t = `for ${ns} Solana`;',
      'const r = /WalletConnect/;',
      "const label = 'Receive tokens';",
      'class X { #history = 1 }',
      "const fine = 'sender';",
    ].join('\n');
    const found = checkSource('src/bad.ts', source);
    expect(found.map((v) => v.line)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('flags "send" only in strings', () => {
    const found = checkSource('src/bad.ts', ["function gate(send: () => void) { send(); }", "const a = 'send';", 'const b = "Send now";'].join('\n'));
    expect(found.map((v) => [v.line, v.text])).toEqual([
      [2, '"send" in string "send"'],
      [3, '"send" in string "Send now"'],
    ]);
  });

  it('ignores comments', () => {
    expect(checkSource('src/ok.ts', '// eip155 and swaps\n/** email, history */\nexport const a = 1;')).toEqual([]);
  });

  it('reports top-level let and var, but not const or nested let', () => {
    const source = ['let count = 0;', 'export var cache = {};', 'const fixed = 1;', 'function f() { let inner = 1; return inner; }'].join('\n');
    const found = checkSource('src/bad.ts', source);
    expect(found.map((v) => [v.line, v.text])).toEqual([
      [1, 'top-level let count'],
      [2, 'top-level var cache'],
    ]);
  });

  it('applies the allowlist to its own file only', () => {
    expect(checkSource('src/schema/formatIssues.ts', "const f = 'email';")).toEqual([]);
    expect(checkSource('src/other.ts', "const f = 'email';")).toHaveLength(1);
  });
});
