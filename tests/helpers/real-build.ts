import { inject } from 'vitest';

/** The folder of the real container's build, made once per run by tests/setup/real-build.ts (read only). */
export function realBuild(): string {
  return inject('realBuild');
}
