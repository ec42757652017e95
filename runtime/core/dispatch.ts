import type { Action, Condition, Explanation, JsonState, Rule, RuleContext, RuntimeServices } from '../declare/types';
import { consentAllows } from '../consent/gate';
import { failure, isDebugOn, log, reason, say } from './log';
import { hasOwn } from './merge';
import { Msg } from './messages';
import type { Monitors } from './monitor';
import type { Resolver } from './resolve';
import { runHeld, type Slices } from './slices';

// Runs events one after another through the compile-time table of event key -> rules in firing
// order. Synchronous actions run synchronously (no microtask per rule); an async action is
// awaited up to its timeout and holds the queue meanwhile, so the firing order stays the documented
// one. A failing action stops only the rest of its own rule.

export interface DispatchTable {
  rules: readonly Rule[];
  /** Event key -> indices into `rules`, in firing order. */
  table: Readonly<Record<string, readonly number[]>>;
}

interface Job {
  key: string;
  name: string;
  payload: unknown;
  state: JsonState;
}

/** A step's result with a then method; a primitive has none (its prototype's, where no page adds one). */
function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as Partial<PromiseLike<unknown>> | null | undefined)?.then === 'function';
}

function withTimeout(promise: PromiseLike<unknown>, ms: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(failure(Msg.ActionTimedOut, ms)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** A failing condition's explanation; a kind whose explain throws explains nothing. */
function explain(condition: Condition, ctx: RuleContext): Explanation | undefined {
  try {
    return condition.explain?.(ctx);
  } catch {
    return undefined;
  }
}

const NONE: readonly number[] = [];

export function createDispatcher(compiled: DispatchTable, resolver: Resolver, services: RuntimeServices, monitors: Monitors) {
  const queue: Job[] = [];
  let busy = false;
  // Start-up (from release() until the queue is empty or waits on an action): its rules and
  // their actions run in slices of tasks (runtime/core/slices.ts), the first slice's budget counted
  // from the start of the bundle; `ended` is called once it is over. The queue stays held between
  // slices, so the firing order is the one of a single task. An event whose source is `sliced`
  // (DOM ready, window loaded: no page code waits on its rules) that comes while the queue is idle
  // runs the same way, in start-up's slices reopened with a budget counted from then.
  let slices: Slices | null = null;
  /** The slices of the run under way, if it is sliced. */
  let run: Slices | null = null;
  let ended: (() => void) | undefined;
  /** Resolves in a new task when the run's slice has used its budget, else undefined. */
  const yieldDue = (): Promise<void> | undefined => (run?.due() ? run.next() : undefined);
  /** Ends the run under way (start-up's or a reopened one): later held work runs at once, and `ended` is called once, after start-up's. */
  const endRun = () => {
    const end = ended;
    run = null;
    ended = undefined;
    runHeld(true);
    end?.();
  };
  // Own keys only: an event named "constructor" or "__defineGetter__" finds no rules. (Looked up
  // per event rather than copied at start-up: no start-up work that grows with the table.)
  const rulesOf = (key: string): readonly number[] => (hasOwn(compiled.table, key) ? compiled.table[key] : NONE);

  // The fields every rule event of the monitors starts with.
  const about = (rule: Rule, job: Job) => ({ rule: rule.id, event: job.name, order: rule.order });

  function fail(rule: Rule, action: Action, index: number, job: Job, error: unknown): void {
    const message = reason(error);
    say(Msg.ActionFailed, action.kind, rule.id, message);
    monitors.emit('actionFailed', { ...about(rule, job), action: action.kind, index, error: message });
  }

  function runActions(rule: Rule, ctx: RuleContext, job: Job, from: number): void | Promise<void> {
    for (let i = from; i < rule.actions.length; i++) {
      // Between two actions of a rule, as between rules: past the budget, the rest in a new task.
      const turn = i > from ? yieldDue() : undefined;
      if (turn) {
        const at = i;
        return turn.then(() => runActions(rule, ctx, job, at));
      }
      const action = rule.actions[i];
      let result: unknown;
      try {
        result = action.run(ctx);
      } catch (error) {
        fail(rule, action, i, job, error);
        return;
      }
      if (isThenable(result)) {
        endRun();
        return withTimeout(result, action.timeout ?? rule.timeout).then(
          () => runActions(rule, ctx, job, i + 1),
          (error) => fail(rule, action, i, job, error),
        );
      }
    }
    monitors.emit('ruleCompleted', about(rule, job));
  }

  function runRule(rule: Rule, job: Job, scope: ReturnType<Resolver['scope']>): void | Promise<void> {
    // The scope is its get and value, in that order.
    const ctx: RuleContext = { event: job, rule: { id: rule.id }, ...scope, runtime: services };
    monitors.emit('ruleTriggered', about(rule, job));
    // A rule-level consent category that is not granted skips the rule (docs/consent.md).
    if (rule.consent && !consentAllows(services, rule.consent)) {
      monitors.emit('ruleSkipped', { ...about(rule, job), condition: 'consent', index: -1, explain: { subject: 'not granted', expected: rule.consent } });
      return;
    }
    for (let i = 0; i < rule.conditions.length; i++) {
      const condition = rule.conditions[i];
      let ok = false;
      try {
        ok = condition.test(ctx) === true;
      } catch (error) {
        say(Msg.ConditionFailed, condition.kind, rule.id, reason(error));
      }
      if (!ok) {
        const why = monitors.listens('ruleSkipped') ? explain(condition, ctx) : undefined;
        DEBUG: if (isDebugOn()) log.debug(`Rule "${rule.id}" skipped on "${job.name}": condition ${i + 1} (${condition.kind}) not met`, why ?? explain(condition, ctx) ?? '');
        monitors.emit('ruleSkipped', { ...about(rule, job), condition: condition.kind, index: i, explain: why });
        return;
      }
    }
    DEBUG: log.info(`Rule "${rule.id}" fired on "${job.name}"`);
    monitors.emit('ruleFired', about(rule, job));
    return runActions(rule, ctx, job, 0);
  }

  function runJob(job: Job, from: number, scope: ReturnType<Resolver['scope']>): void | Promise<void> {
    const indices = rulesOf(job.key);
    for (let i = from; i < indices.length; i++) {
      // Past the start-up task's budget, the rest of the queue continues in a new task.
      const turn = yieldDue();
      if (turn) {
        const at = i;
        return turn.then(() => runJob(job, at, scope));
      }
      const pending = runRule(compiled.rules[indices[i]], job, scope);
      if (pending) return pending.then(() => runJob(job, i + 1, scope));
    }
  }

  function drain(): void {
    busy = true;
    while (queue.length) {
      const job = queue[0];
      let pending: void | Promise<void> = undefined;
      try {
        pending = runJob(job, 0, resolver.scope(job.state, job));
      } catch (error) {
        say(Msg.DispatchFailed, job.name, reason(error));
      }
      if (pending) {
        const next = () => {
          queue.shift();
          drain();
        };
        pending.then(next, next);
        return;
      }
      queue.shift();
    }
    // Past the budget (or with work held for the next task) the sliced run ends in a new task,
    // where the held work runs before a later event.
    const turn = yieldDue();
    if (turn) {
      turn.then(drain);
      return;
    }
    busy = false;
    endRun();
  }

  return {
    /** Queues an event; runs at once unless an earlier event is still awaiting an action (in start-up's slices if `sliced`). */
    dispatch(key: string, name: string, payload: unknown, state: JsonState, sliced?: boolean): void {
      queue.push({ key, name, payload, state });
      if (busy) return;
      if (sliced && slices) run = slices.reopen();
      drain();
    },
    /** Queues events without running them until release() (start-up, while sources attach). */
    hold(): void {
      busy = true;
    },
    /** Runs the held events, cut into tasks by `sliceStartUp` (null: in this task); `end` once start-up is over. */
    release(sliceStartUp: Slices | null = null, end?: () => void): void {
      run = slices = sliceStartUp;
      ended = end;
      drain();
    },
  };
}
