import type { ContainerConfig, Runtime } from '../../../runtime/core/start';
import type { Rule } from '../../../runtime/declare/types';
import { boot, restoreConsole } from '../../helpers/runtime';

// tests/helpers/runtime's boot(), with the ContainerConfig entries a generated entry adds
// (validate, dataLayer), shaped for these tests.

export interface Recorded {
  errors: string[];
  warnings: string[];
  fired: string[];
  runtime: Runtime | undefined;
  restore(): void;
}

export function bootWith(rules: Rule[], extra: Pick<ContainerConfig, 'validate' | 'dataLayer'> = {}): Recorded {
  const b = boot(rules, {}, ['localhost'], extra);
  return { errors: b.errors, warnings: b.warnings, fired: b.fired, runtime: b.runtime, restore: restoreConsole };
}
