import { start, type ContainerConfig, type Project, type Runtime } from '../../runtime/core/start';
import type { DataElement, Rule } from '../../runtime/declare/types';
import { eventTable, firingOrder } from '../../runtime/events/table';

// Boots the real runtime in the test's happy-dom window with hand-made rules, the way a
// generated entry does, after clearing what an earlier boot left on the window.

export interface Booted {
  runtime: Runtime | undefined;
  errors: string[];
  warnings: string[];
  infos: string[];
  fired: string[];
  skipped: string[];
}

export function resetWindow(): void {
  const w = window as unknown as Record<string, unknown>;
  delete w.tagc;
  delete w.appEventData;
  delete w.__tagcMonitors;
  delete w._satellite;
  delete w.__satelliteLoaded;
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  localStorage.clear();
  sessionStorage.clear();
}

export function sortRules(rules: Rule[]): { rules: Rule[]; table: Record<string, number[]>; sources: Project['sources'] } {
  const sorted = firingOrder([...rules]);
  return { rules: sorted, ...eventTable(sorted) };
}

export function boot(rules: Rule[], dataElements: Record<string, DataElement> = {}, domains = ['localhost', 'firm.example'], extra: Partial<ContainerConfig> = {}): Booted {
  const out: Booted = { runtime: undefined, errors: [], warnings: [], infos: [], fired: [], skipped: [] };
  (window as unknown as Record<string, unknown>).__tagcMonitors = [
    { ruleFired: (e: { rule: string; event: string }) => out.fired.push(`${e.rule}@${e.event}`), ruleSkipped: (e: { rule: string }) => out.skipped.push(e.rule) },
  ];
  const spy = (list: string[]) => (...args: unknown[]) => list.push(args.map(String).join(' '));
  const original = { error: console.error, warn: console.warn, info: console.info, debug: console.debug };
  console.error = spy(out.errors);
  console.warn = spy(out.warnings);
  console.info = spy(out.infos);
  console.debug = spy(out.infos);
  afterEachRestore.push(() => Object.assign(console, original));
  out.runtime = start({ ...sortRules(rules), dataElements, domains, build: { environment: 'test', version: '1.0.0', buildTime: '2026-01-01T00:00:00.000Z', hash: 'abc123' }, ...extra });
  return out;
}

export const afterEachRestore: (() => void)[] = [];
export function restoreConsole(): void {
  while (afterEachRestore.length) afterEachRestore.pop()!();
}
