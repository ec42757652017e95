import type { Explanation } from '../declare/types';
import { failureText, messageText, type Msg } from '../core/messages';
import type { Monitor, RuleEvent } from '../core/monitor';

// The debug companion: a separate file of the same build that a bundle without debug logging
// (prod, internal) loads only when the visitor turned debugging on (tagc.debug(true) or
// _satellite.setDebug(true)). It holds the explanation text, so no visitor downloads it otherwise:
// it explains every rule that fired or was skipped (with the condition, in words, and the values
// it compared), consent decisions, and each request the bundle's hosts received, with its
// decoded parameters. It also holds the runtime's message texts (runtime/core/messages.ts): from
// the moment it loads, the bundle's warnings and errors print as text instead of codes.
// Everything is printed with the `[tagc]` prefix.

export interface CompanionData {
  env: string;
  /** Version and build time (the bundle's hash depends on this file, so it cannot be named here). */
  build: string;
  /** Rule id -> [description, condition texts, action texts]. */
  rules: Record<string, [string, string[], string[]]>;
  /** Host -> consent category of what it receives (the build's host inventory). */
  hosts: Record<string, string>;
}

/** What the bundle hands over (runtime/core/companion.ts): the events seen before this file loaded. */
export interface Handover {
  seen: [keyof Monitor, unknown][];
  stop(): void;
  /** From now on, the bundle prints its message codes (runtime/core/messages.ts) through this. */
  text?(expand: (code: Msg, args: readonly unknown[]) => string): void;
}

type Tagc = { monitor(m: Monitor): () => void };

const say = (level: 'log' | 'warn', text: string, ...rest: unknown[]) => {
  try {
    console[level](`[tagc] ${text}`, ...rest);
  } catch {
    // A console that throws must not affect the page.
  }
};

const show = (v: unknown) => {
  try {
    return typeof v === 'string' ? JSON.stringify(v) : v === undefined ? 'undefined' : JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
};

/** "compared <subject> with <expected>" in words; consent decisions read as such. */
export function explanationText(condition: string, why: Explanation | undefined): string {
  if (!why) return 'the condition kind cannot say what it compared';
  if (condition === 'consent' || condition === 'consentGranted') return `consent ${show(why.expected)}: ${String(why.subject)}${why.negated ? ' (required NOT to hold)' : ''}`;
  const compared = why.expected === undefined ? `the value was ${show(why.subject)}` : `compared ${show(why.subject)} with ${show(why.expected)}`;
  return `${compared}${why.negated ? ' (negated: they must not match)' : ''}`;
}

/** The parameters of a request URL: its query, and `;k=v` path parameters (activity pixels). */
export function decodeParams(url: URL): Record<string, string> {
  const params: Record<string, string> = {};
  for (const part of url.pathname.split(';').slice(1)) {
    const i = part.indexOf('=');
    if (i > 0) params[decodeURIComponent(part.slice(0, i))] = decodeURIComponent(part.slice(i + 1));
  }
  url.searchParams.forEach((v, k) => (params[k] = v));
  return params;
}

export function explainer(data: CompanionData): Required<Omit<Monitor, 'listening' | 'ruleTriggered' | 'ruleCompleted'>> {
  const rule = (id: string) => data.rules[id] ?? ['', [], []];
  const on = (e: RuleEvent) => `rule "${e.rule}" on "${e.event}"`;
  return {
    ruleFired(e) {
      const [description, , actions] = rule(e.rule);
      say('log', `${on(e)} fired: ${description}`, { actions });
    },
    ruleSkipped(e) {
      const [, conditions] = rule(e.rule);
      if (e.index < 0) return say('log', `${on(e)} skipped: it needs ${String(e.explain?.expected ?? 'a')} consent, which is ${String(e.explain?.subject ?? 'not granted')}`);
      const words = conditions[e.index] ?? e.condition;
      say('log', `${on(e)} skipped: condition ${e.index + 1} (${words}) not met: ${explanationText(e.condition, e.explain)}`, e.explain ?? {});
    },
    actionFailed(e) {
      const [, , actions] = rule(e.rule);
      say('warn', `${on(e)}: action ${e.index + 1} (${actions[e.index] ?? e.action}) failed: ${failureText(e.error)}`);
    },
    requestRefused(e) {
      say('warn', `request refused by the egress point (${e.reason}): ${e.category} ${e.via} ${e.url}`);
    },
  };
}

/** Prints each request to one of the build's hosts, with its consent category and decoded parameters. */
function watchRequests(data: CompanionData): void {
  const seen = new Set<PerformanceEntry>();
  const report = (entry: PerformanceEntry) => {
    if (seen.has(entry)) return;
    seen.add(entry);
    let url: URL;
    try {
      url = new URL(entry.name);
    } catch {
      return;
    }
    const category = data.hosts[url.host] ?? data.hosts[url.hostname];
    if (!category) return;
    const via = (entry as PerformanceResourceTiming).initiatorType || 'request';
    say('log', `request (${via}, ${category}) to ${url.host}${url.pathname.split(';')[0]}`, decodeParams(url));
  };
  try {
    performance.getEntriesByType('resource').forEach(report);
    new PerformanceObserver((list) => list.getEntries().forEach(report)).observe({ type: 'resource' });
  } catch {
    // No Resource Timing: rules are still explained.
  }
}

/** Called by the companion file's entry: explains what happened before it loaded, then everything after. */
export function explainPage(data: CompanionData): void {
  const host = window as unknown as { tagc?: Tagc; __tagcDebug?: Handover };
  const tagc = host.tagc;
  if (!tagc) return;
  const hooks = explainer(data);
  say('log', `debug companion of the ${data.env} build ${data.build}: explaining rules, consent and requests (tagc.debug(false) to stop)`);
  const handover = host.__tagcDebug;
  delete host.__tagcDebug;
  handover?.stop();
  handover?.text?.(messageText);
  for (const [hook, e] of handover?.seen ?? []) (hooks[hook as keyof typeof hooks] as ((x: unknown) => void) | undefined)?.(e);
  tagc.monitor(hooks);
  watchRequests(data);
}
