import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cpuFigures, TOP_FILES } from '../../compiler/bench/tests';

// The bench's profile of `npm test`: the lines tests/setup/file-cpu.ts appends, summed by folder.

describe("the tests group's CPU profile", () => {
  it('sums each folder, lists the costliest files first, and ignores other files in the folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagc-test-cpu-'));
    try {
      const line = (file: string, cpuMs: number) => `${JSON.stringify({ file, cpuMs, wallMs: cpuMs * 2 })}\n`;
      writeFileSync(join(dir, '101.jsonl'), line('tests/browser/viewer.test.ts', 9_000) + line('tests/runtime/a.test.ts', 250));
      writeFileSync(join(dir, '102.jsonl'), line('tests/browser/publish.test.ts', 4_000) + line('tests/runtime/core/b.test.ts', 1_250));
      writeFileSync(join(dir, 'notes.txt'), 'not a profile');
      const f = cpuFigures(dir);
      expect(f['cpu s (test files)']).toBe(14.5);
      expect(f['files with cpu']).toBe(4);
      expect(f['cpu s tests/browser/']).toBe(13);
      expect(f['cpu s tests/runtime/']).toBe(1.5);
      const files = Object.keys(f).filter((k) => k.endsWith('.ts'));
      expect(files).toEqual(['cpu s tests/browser/viewer.test.ts', 'cpu s tests/browser/publish.test.ts', 'cpu s tests/runtime/core/b.test.ts', 'cpu s tests/runtime/a.test.ts']);
      expect(TOP_FILES).toBeGreaterThanOrEqual(files.length);
      // Lines without the processes' figures (older lines): zero, and no run-wide figures unread.
      expect(f['cpu s (processes of test files)']).toBe(0);
      expect(f['cpu s (chromium)']).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("sums the processes the files started, lists the costliest, and reads Chromium's and vitest's main process", () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagc-test-cpu-'));
    try {
      const line = (file: string, cpuMs: number, childCpuMs: number) => `${JSON.stringify({ file, cpuMs, childCpuMs, chromiumCpuMs: 0, wallMs: cpuMs })}\n`;
      writeFileSync(join(dir, '101.jsonl'), line('tests/foundation/install.test.ts', 2_000, 28_000) + line('tests/runtime/a.test.ts', 250, 0));
      writeFileSync(join(dir, '102.jsonl'), line('tests/foundation/init.test.ts', 100, 14_800));
      writeFileSync(join(dir, 'chromium.json'), JSON.stringify({ cpuMs: 189_000 }));
      writeFileSync(join(dir, 'main-process.json'), JSON.stringify({ startMs: 0, endMs: 1, cpuMs: 33_400, descendantsCpuMs: 373_000 }));
      const f = cpuFigures(dir);
      expect(f['cpu s (test files)']).toBe(2.4);
      expect(f['cpu s (processes of test files)']).toBe(42.8);
      expect(Object.keys(f).filter((k) => k.startsWith('child cpu s '))).toEqual(['child cpu s tests/foundation/install.test.ts', 'child cpu s tests/foundation/init.test.ts']);
      expect(f['child cpu s tests/foundation/init.test.ts']).toBe(14.8);
      expect(f['cpu s (chromium)']).toBe(189);
      expect(f['cpu s (vitest main process)']).toBe(33.4);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
