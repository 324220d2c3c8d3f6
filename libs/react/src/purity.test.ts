/**
 * The React layer names no plugin and no chain: what it knows of a chain (its name, how to
 * read its requests, which tabs it has) comes from the chain plugin's manifest, and what it
 * knows of a feature from the feature's contributions. This test parses every non-test
 * source file and fails on a chain namespace or a first-party plugin id in identifiers,
 * strings or regexes. Comments are documentation and are not checked; the locale
 * catalogues (`i18n/locales/`, `i18n/labels.ts`) are translations of first-party manifests'
 * labels, data rather than behaviour, and are not checked either.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');

const CHAIN_WORDS = ['eip155', 'solana', 'bip122', 'bitcoin'];
const PLUGIN_IDS = ['walletconnect', 'siwx', 'onramp', 'swaps', 'socials'];
/** Matched inside words too (`ConnectingWalletConnect`, `isSolanaWallet`), case-insensitive. */
const WORD = new RegExp(`(${[...CHAIN_WORDS, ...PLUGIN_IDS].join('|')})`, 'i');

/** Uses that belong to the platform contract, each with its reason. Keep it short. */
const ALLOWED: ReadonlyArray<{ file: string; word: string; why: string }> = [
  { file: 'src/views/groupConnectors.ts', word: 'walletconnect', why: "the spec's connector group `walletConnect` (kernel taxonomy)" },
  { file: 'src/i18n/en.ts', word: 'walletconnect', why: "the label of the spec's `walletConnect` connector group" },
  { file: 'src/views/AllWalletsView.tsx', word: 'walletconnect', why: 'user-facing English that names the protocol directory wallets need' },
  { file: 'src/portico/walletDirectory.ts', word: 'walletconnect', why: 'a warning to the host that names the protocol custom wallets need' },
  { file: 'src/portico/createPortico.ts', word: 'siwx', why: "the spec's `siwx` config option (the sign-in plugin the host passes)" },
  { file: 'src/portico/porticoConfigSchema.ts', word: 'siwx', why: "the spec's `siwx` config option" },
  { file: 'src/portico/porticoConfigSchema.ts', word: 'eip155', why: 'an example CAIP-2 id in a validation message' },
  { file: 'src/coreManifest.ts', word: 'socials', why: "the spec's `socials-timeout` alert id" },
  { file: 'src/analytics/createAnalytics.ts', word: 'siwx', why: "the sign-in events the spec's analytics records" },
  { file: 'src/analytics/createAnalyticsMapper.ts', word: 'siwx', why: "the sign-in events the spec's analytics records" },
];

function violations(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const check = (node: ts.Node, text: string) => {
    // Spaces and dashes out: `Wallet Connect`, `wallet-connect` are caught too.
    const match = WORD.exec(text.replace(/[\s_-]+/g, ''));
    if (match && !ALLOWED.some((a) => a.file === file && a.word === match[1]!.toLowerCase())) {
      found.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1} "${match[1]}" in ${JSON.stringify(text.slice(0, 80))}`);
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node) || ts.isJsxText(node)) check(node, node.text);
    else if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) || ts.isRegularExpressionLiteral(node)) {
      check(node, node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    const rel = relative(ROOT, path);
    if (entry.isDirectory()) return ['stories', 'test', 'locales'].includes(entry.name) ? [] : sourceFiles(path);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name) || rel === 'src/i18n/labels.ts') return [];
    return [rel];
  });
}

describe('React layer purity', () => {
  const files = sourceFiles();

  it('finds the sources', () => {
    expect(files).toContain('src/portico/createPortico.ts');
    expect(files).toContain('src/views/approval/describeRequest.ts');
    expect(files.length).toBeGreaterThan(60);
  });

  it('names no chain namespace and no first-party plugin outside the listed platform words', () => {
    const found = files.flatMap((file) => violations(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(found, `Chain or plugin names in the React layer:\n${found.join('\n')}`).toEqual([]);
  });

  it('catches one when it is there (the check is live)', () => {
    expect(violations('src/x.ts', "const view = 'ConnectingWalletConnect';")).toHaveLength(1);
    expect(violations('src/x.ts', "if (ns === 'eip155') go();")).toHaveLength(1);
    expect(violations('src/x.ts', '// eip155 in a comment is fine\nconst a = 1;')).toEqual([]);
  });
});
