// Lint for the whole workspace: typescript-eslint's recommended rules, React hooks rules
// for TSX, and the house rules STYLE.md asks for (no `export *`, no global container).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const houseSyntax = [
  { selector: 'ExportAllDeclaration', message: 'Use explicit named exports (STYLE.md: no export *).' },
  {
    selector: "CallExpression[callee.object.name='container'][callee.property.name=/^(register|resolve|registerSingleton|registerInstance)$/]",
    message: 'Never use the global tsyringe container; use the kernel’s child container.',
  },
  { selector: "Decorator[expression.callee.name=/^(singleton|registry|autoInjectable)$/]", message: 'Only @injectable and @inject(token) are allowed.' },
  { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'No dangerouslySetInnerHTML.' },
];

// V8's parser marks a function literal assigned to a property "pretenure" (it guesses a method):
// the closure is made in old space, and until the next full collection it keeps its context, and
// all that context reaches, alive through every young one. One `this.stop = () => …` in a kernel
// service kept every disposed kernel alive and made the 20-plugin start's p99 9 ms (#41,
// docs/benchmarks.md). Assign a local, a bound or a module-level function instead. Class fields
// count too: with useDefineForClassFields off they compile to the same assignment.
const propertyFunctionLiterals = [
  {
    selector: "AssignmentExpression[operator='='][left.type='MemberExpression'] > :matches(ArrowFunctionExpression, FunctionExpression).right",
    message: 'A function literal assigned to a property is allocated in old space by V8 and keeps its context alive; assign a local const (or a bound / module-level function) instead.',
  },
  {
    // The same behind a type assertion, `satisfies` or `!`: erased, the JavaScript is the plain assignment.
    selector:
      "AssignmentExpression[operator='='][left.type='MemberExpression'] > :matches(TSAsExpression, TSSatisfiesExpression, TSNonNullExpression, TSTypeAssertion).right > :matches(ArrowFunctionExpression, FunctionExpression).expression",
    message: 'A function literal assigned to a property is allocated in old space by V8 and keeps its context alive; assign a local const (or a bound / module-level function) instead.',
  },
  {
    // Not `#private` fields: those stay native class fields, which are not assignments.
    selector: "PropertyDefinition[static!=true][key.type!='PrivateIdentifier'] > :matches(ArrowFunctionExpression, FunctionExpression).value",
    message: 'A class field holding a function literal compiles to `this.x = () => …`, which V8 allocates in old space with its context; use a method, or assign a local const in the constructor.',
  },
];

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
      'no-restricted-syntax': ['error', ...houseSyntax],
    },
  },
  {
    // Hooks live in .ts files too (useAccount.ts…), so the rules apply to both.
    files: ['**/*.tsx', '**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['libs/*/src/**/*.ts', 'libs/*/src/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.stories.tsx', '**/*.stories.ts'],
    rules: { 'no-restricted-syntax': ['error', ...houseSyntax, ...propertyFunctionLiterals] },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*.test.mjs', '**/test/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
