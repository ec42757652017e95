import type { Action, Condition, Explanation, Rule } from '../declare/types';
import type { Refusal } from './egress';

// Monitor hooks for tools (tagc simulate, QA extensions, the debugger). A page can register
// before the bundle loads through `window.__tagcMonitors`, as Launch's `_satellite._monitors`.

export interface RuleEvent {
  rule: string;
  event: string;
  order: number;
}

export interface Monitor {
  /** The rule's event happened; its consent and conditions are checked next (Launch's ruleTriggered). */
  ruleTriggered?(e: RuleEvent): void;
  ruleFired?(e: RuleEvent): void;
  /** `explain`: what the failing condition compared (kinds that can say), or the missing consent. */
  ruleSkipped?(e: RuleEvent & { condition: string; index: number; explain?: Explanation }): void;
  ruleCompleted?(e: RuleEvent): void;
  actionFailed?(e: RuleEvent & { action: string; index: number; error: string }): void;
  /** A request the egress point refused (runtime/core/egress.ts). */
  requestRefused?(e: Refusal): void;
  /** For a bridge whose own listeners come and go (`_satellite._monitors`): whether it has one for this hook now. */
  listening?(hook: keyof Monitor): boolean;
}

export type MonitorHook = Exclude<keyof Monitor, 'listening'>;

export function createMonitors(initial: unknown): {
  add(m: Monitor): () => void;
  /** Whether a monitor has this hook: work done only for tools is skipped otherwise. */
  listens(hook: MonitorHook): boolean;
  emit<K extends MonitorHook>(hook: K, e: Parameters<NonNullable<Monitor[K]>>[0]): void;
} {
  const list: Monitor[] = Array.isArray(initial) ? initial.filter((m) => m && typeof m === 'object') : [];
  return {
    add(m) {
      list.push(m);
      return () => {
        const i = list.indexOf(m);
        if (i >= 0) list.splice(i, 1);
      };
    },
    listens: (hook) => list.some((m) => typeof m[hook] === 'function' && m.listening?.(hook) !== false),
    emit(hook, e) {
      if (!list.length) return;
      for (const m of list.slice()) {
        try {
          (m[hook] as ((x: typeof e) => void) | undefined)?.(e);
        } catch {
          // A broken monitor must not affect rules.
        }
      }
    },
  };
}

export function describeStep(step: Condition | Action): string {
  return step.kind;
}

export type Monitors = ReturnType<typeof createMonitors>;
export type { Rule };
