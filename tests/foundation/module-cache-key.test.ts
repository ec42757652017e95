import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolvedImportsKey } from '../setup/module-cache-key';

// The test suite's module cache must not serve a module whose imports now resolve elsewhere.

const dir = mkdtempSync(join(tmpdir(), 'tagc-cache-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const importer = join(dir, 'a.ts');
const SOURCE = `import { v } from './m';\nimport type { T } from "../elsewhere/none";\nexport const w = await import('./lazy.js');\nimport * as pkg from 'vitest';\n`;

describe('the module cache key', () => {
  it('names the file each relative import resolves to, and ? for one that resolves to none', () => {
    writeFileSync(join(dir, 'm.ts'), 'export const v = 1;\n');
    writeFileSync(join(dir, 'lazy.js'), 'export {};\n');
    expect(resolvedImportsKey(importer, SOURCE)).toBe('.ts,?,');
  });

  it('changes when a module becomes a folder, though the importer is unchanged', () => {
    rmSync(join(dir, 'm.ts'));
    mkdirSync(join(dir, 'm'));
    writeFileSync(join(dir, 'm', 'index.ts'), 'export const v = 1;\n');
    expect(resolvedImportsKey(importer, SOURCE)).toBe('/index.ts,?,');
  });
});
