// The purity check of the framework-free core and the React layer: they name no chain and no
// first-party plugin, nor a plugin's method, view or label. What they know of a chain (its name, how to read its requests, which tabs
// it has) comes from the chain plugin's manifest, and of a feature from its contributions.
// Each file is parsed; a chain namespace or a plugin id in an identifier, a string or a regex
// fails, matched inside words too (`ConnectingWalletConnect`, `isSolanaWallet`), ignoring case,
// spaces, dashes and underscores. Comments are documentation and are not checked.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const CHAIN_WORDS = ['eip155', 'solana', 'bip122', 'bitcoin'];
export const PLUGIN_IDS = ['walletconnect', 'siwx', 'onramp', 'swaps', 'socials'];
/**
 * The first-party plugins' methods, views and labels that are everyday words too: matched as whole
 * words (camelCase and kebab-case split, so `sendToken` and `connect.social` match, `received` and
 * `isEndpointUnreachable` do not).
 */
export const PLUGIN_WORDS = ['social', 'email', 'send', 'receive', 'swap'];
const WORDS = new RegExp(`(${[...CHAIN_WORDS, ...PLUGIN_IDS].join('|')})`, 'gi');
const WHOLE_WORDS = new RegExp(`\\b(${PLUGIN_WORDS.join('|')})\\b`, 'gi');
/** `sendToken` → `send Token`, `connect.social` stays apart at the dot. */
const splitWords = (text) => text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_$]/g, ' ');

/**
 * The named words in one source text outside the allowed uses (`{ file, word, why }`, file
 * relative to the package root, or a RegExp over it), as `file:line "word" in "text"`.
 */
export function purityViolations(file, source, allowed = []) {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const check = (node, text) => {
    // Every word found counts: an allowed one beside a forbidden one hides nothing.
    const words = [...text.replace(/[\s_-]+/g, '').matchAll(WORDS), ...splitWords(text).matchAll(WHOLE_WORDS)].map((m) => m[1]);
    const forbidden = words.find((word) => !allowed.some((a) => (a.file instanceof RegExp ? a.file.test(file) : a.file === file) && a.word === word.toLowerCase()));
    if (forbidden) found.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1} "${forbidden}" in ${JSON.stringify(text.slice(0, 80))}`);
  };
  const visit = (node) => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node) || ts.isJsxText(node)) check(node, node.text);
    else if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) || ts.isRegularExpressionLiteral(node)) {
      check(node, node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The non-test sources under `root/src` (relative to `root`), without the skipped folders and files. */
export function puritySources(root, { skipDirs = [], skipFiles = [] } = {}) {
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      const rel = relative(root, path);
      if (entry.isDirectory()) return skipDirs.includes(entry.name) ? [] : walk(path);
      if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name) || skipFiles.includes(rel)) return [];
      return [rel];
    });
  return walk(join(root, 'src'));
}

/** Every violation in a package's sources. */
export function packageViolations(root, allowed, options) {
  return puritySources(root, options).flatMap((file) => purityViolations(file, readFileSync(join(root, file), 'utf8'), allowed));
}

/**
 * The design rule "actions change state; the modal decides what to show from state" (#39): the
 * places in one source where it reaches the router (`kernel.router`, a `router` binding, the
 * router's service ref), as `file:line text`. Comments are not checked.
 */
export function routerUses(file, source) {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    if ((ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) && /^router$/i.test(node.text)) {
      found.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1} ${JSON.stringify(node.parent.getText(sf).slice(0, 80))}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}
