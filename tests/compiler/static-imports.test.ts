import { describe, expect, it } from 'vitest';
import { syntheticRuleSource } from '../../compiler/bench/compiler-scale';
import { staticImports } from '../../compiler/phases/2-validate/static-imports';

// The network proof reads the imports of a file it does not fetch the tree of from its text
// (compiler/phases/2-validate/static-imports.ts): what TypeScript lists as the file's imports,
// or no answer when the text is not certain (the proof then fetches the tree).

describe('static imports from the text', () => {
  it('lists every form of import and re-export at the top level, in source order', () => {
    const text = [
      "import a from './a';",
      "import b, { c as d, type E } from './b';",
      "import * as ns from './ns';",
      "import type { T } from './types';",
      "import type from './default-named-type';",
      "import { from } from './named-from';",
      "import './side-effect';",
      "import x = require('./required');",
      'import alias = ns.inner;',
      "export * from './star';",
      "export * as all from './star-as';",
      "export { f, g as h } from './named';",
      "export type { U } from './type-only';",
      "export import y = require('./export-required');",
      'export const k = 1;',
      'export { k as default2 };',
      "export default { from: './not-an-import' };",
      "import pkg from 'a-package';",
    ].join('\n');
    expect(staticImports(text)).toEqual([
      './a',
      './b',
      './ns',
      './types',
      './default-named-type',
      './named-from',
      './side-effect',
      './required',
      './star',
      './star-as',
      './named',
      './type-only',
      './export-required',
      'a-package',
    ]);
  });

  it('reads what a synthetic rule of the bench imports', () => {
    expect(staticImports(syntheticRuleSource(7))).toEqual(['../../runtime/declare', '../consent/lib/gates', '../lib/analytics']);
  });

  it('does not count imports in comments, strings, templates, regular expressions or declare blocks', () => {
    const text = [
      "// import a from './in-a-line-comment';",
      "/* import b from './in-a-block-comment'; */",
      "const s = \"import c from './in-a-string'\";",
      "const t = `import d from './in-a-template' ${s.length > 1 ? '}' : `{`} import e from './still-template'`;",
      "const r = /import f from '[.]x' [/]/;",
      "const q = 4 / 2; const z = r.source.length / q; // import g from './after-division'",
      "declare module './augmented' { import h from './inside-declare'; }",
      "declare global { interface Window { v: string } }",
      'const m = import.meta.url;',
      "import i from './real';",
    ].join('\n');
    expect(staticImports(text)).toEqual(['./real']);
  });

  it.each([
    ['a backslash', "import a from './a';\nconst s = 'it\\'s';"],
    ['a dynamic import', "import a from './a';\nvoid import('./b');"],
    ['a slash after a parenthesis', "import a from './a';\nconst n = (1 + 2) / 3;"],
    ['a slash after a brace', "import a from './a';\nconst n = {} / 3;"],
    ['a slash after !', "import a from './a';\nconst n = m! / 3;"],
    ['an unterminated comment', "import a from './a';\n/* open"],
    ['an unterminated string', "import a from './a';\nconst s = 'open\n';"],
    ['an unterminated template', "import a from './a';\nconst s = `open"],
    ['an unbalanced brace', "import a from './a';\nfunction f() {"],
    ['an import it does not know', "import a from './a';\nimport { b } from c;"],
  ])('gives no answer for a text with %s', (_, text) => {
    expect(staticImports(text)).toBeUndefined();
  });
});
