import { afterAll } from 'vitest';
import { compile } from '../../compiler';
import { CompileError, type Diagnostic } from '../../compiler/diagnostics';
import { container, removeContainer } from './container';

/**
 * A function that compiles a throwaway container of the given files (without emitting) and
 * returns its diagnostics, whether the compile succeeded or failed on errors. The containers
 * are removed after the test file.
 */
export function compileDiagnostics(name: string): (files: Record<string, string>) => Promise<Diagnostic[]> {
  const roots: string[] = [];
  afterAll(() => roots.forEach(removeContainer));
  return async (files) => {
    const root = container(name, files);
    roots.push(root);
    try {
      return (await compile({ root, emit: false })).diagnostics;
    } catch (error) {
      if (error instanceof CompileError) return error.diagnostics;
      throw error;
    }
  };
}
