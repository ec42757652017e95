import { start, type ContainerConfig, type Runtime } from '../../../runtime/core/start';
import type { Rule } from '../../../runtime/declare/types';
import { sortRules } from '../../helpers/runtime';

// Boots the real runtime like tests/helpers/runtime's boot(), with the ContainerConfig entries
// a generated entry adds (validate, dataLayer), and records console output and fired rules.

export interface Recorded {
  errors: string[];
  warnings: string[];
  fired: string[];
  runtime: Runtime | undefined;
  restore(): void;
}

export function bootWith(rules: Rule[], extra: Pick<ContainerConfig, 'validate' | 'dataLayer'> = {}): Recorded {
  const out: Recorded = { errors: [], warnings: [], fired: [], runtime: undefined, restore: () => undefined };
  (window as unknown as Record<string, unknown>).__tagcMonitors = [{ ruleFired: (e: { rule: string; event: string }) => out.fired.push(`${e.rule}@${e.event}`) }];
  const original = { error: console.error, warn: console.warn, info: console.info, debug: console.debug };
  const spy = (list: string[] | null) => (...args: unknown[]) => void list?.push(args.map(String).join(' '));
  console.error = spy(out.errors);
  console.warn = spy(out.warnings);
  console.info = spy(null);
  console.debug = spy(null);
  out.restore = () => Object.assign(console, original);
  out.runtime = start({ ...sortRules(rules), dataElements: {}, domains: ['localhost'], build: { environment: 'test', version: '1.0.0', buildTime: '2026-01-01T00:00:00.000Z', hash: 'abc123' }, ...extra });
  return out;
}
