// Lint for the whole workspace: typescript-eslint's recommended rules, React hooks rules
// for TSX, and the house rules STYLE.md asks for (no `export *`, no global container).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-*/**', '**/.nx/**', '**/storybook-static/**', '**/test-results/**', '**/playwright-report/**', '**/*.d.ts', '**/*.d.mts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'Use explicit named exports (STYLE.md: no export *).' },
        {
          selector: "CallExpression[callee.object.name='container'][callee.property.name=/^(register|resolve|registerSingleton|registerInstance)$/]",
          message: 'Never use the global tsyringe container; use the kernel’s child container.',
        },
        { selector: "Decorator[expression.callee.name=/^(singleton|registry|autoInjectable)$/]", message: 'Only @injectable and @inject(token) are allowed.' },
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'No dangerouslySetInnerHTML.' },
      ],
    },
  },
  {
    // Hooks live in .ts files too (useAccount.ts…), so the rules apply to both.
    files: ['**/*.tsx', '**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*.test.mjs', '**/test/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
