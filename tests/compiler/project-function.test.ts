import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { esbuild } from '../../compiler/esbuild-api';
import { BROWSER_SCRIPT } from '../../compiler/phases/5-emit/browser-build';
import { inProjectFunction, PROJECT_FUNCTION, PROJECT_IMPORTS, projectFunctionModules, projectModule } from '../../compiler/phases/5-emit/project-function';
import { SourceTexts } from '../../compiler/phases/5-emit/source-texts';

// compiler/phases/5-emit/project-function.ts: the project's modules of a bundle without debugging
// are evaluated inside the function the entry hands start(), made from marker statements in
// esbuild's output.

const dir = mkdtempSync(join(tmpdir(), 'tagc-project-function-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** esbuild's output for an entry that logs, then keeps the project function, of a project whose one module logs as it evaluates. */
async function built(declarations = [`import r0 from "./rule.js";`], made = '{ rules: [r0], shared: shared() }'): Promise<string> {
  writeFileSync(join(dir, 'shared.js'), 'export const shared = () => "shared";\n');
  writeFileSync(join(dir, 'rule.js'), 'import { shared } from "./shared.js";\nlog.push("rule evaluated");\nexport default shared();\n');
  const project = projectModule([`import { shared } from "./shared.js";`], declarations, made);
  const entry = [...PROJECT_IMPORTS, `log.push("entry");`, `globalThis.project = ${PROJECT_FUNCTION};`].join('\n');
  const result = await esbuild.build({ ...BROWSER_SCRIPT, plugins: [projectFunctionModules(project, dir, new SourceTexts(dir))], stdin: { contents: entry, resolveDir: dir, loader: 'js' } });
  return result.outputFiles[0]!.text;
}

describe('the project function', () => {
  it("evaluates the project's modules when it is called, not with the bundle", async () => {
    const context: { log: string[]; project?: () => unknown } = { log: [] };
    runInNewContext(inProjectFunction(await built()), context);
    expect(context.log).toEqual(['entry']);
    expect(context.project!()).toEqual({ rules: ['shared'], shared: 'shared' });
    expect(context.log).toEqual(['entry', 'rule evaluated']);
  });

  it('makes the function of a project that declares nothing (a container of schemas alone)', async () => {
    const context: { log: string[]; project?: () => unknown } = { log: [] };
    runInNewContext(inProjectFunction(await built([], '{ rules: [], shared: shared() }')), context);
    expect(context.project!()).toEqual({ rules: [], shared: 'shared' });
    expect(context.log).toEqual(['entry']);
  });

  it("is esbuild's output with the markers rewritten to text of their length (its source map stays exact)", async () => {
    const output = await built();
    const rewritten = inProjectFunction(output);
    expect(rewritten).toHaveLength(output.length);
    expect(rewritten).not.toMatch(/__tagcProjectFunction/);
  });

  it('fails where a marker is missing, twice, or not a statement of its own', async () => {
    const output = await built();
    expect(() => inProjectFunction(output.replace('__tagcProjectFunctionEnds__();', ''))).toThrow(/__tagcProjectFunctionEnds__/);
    expect(() => inProjectFunction(`${output}__tagcProjectFunctionBegins__();`)).toThrow(/__tagcProjectFunctionBegins__/);
    expect(() => inProjectFunction(output.replace('__tagcProjectFunctionBegins__();', 'x=1,__tagcProjectFunctionBegins__();'))).toThrow(/__tagcProjectFunctionBegins__/);
  });
});
