import type { Logger } from '../declare/types';
import { messageText, type MessageArgs, type Msg } from './messages';
import { getItem, removeItem, setItem } from './storage';

// Every message the container prints goes through here: one prefix, never a throw into the page.
// Debug and info calls are written `DEBUG: log.info(...)`; builds without debug drop the label's
// statement (esbuild dropLabels), so their text is absent from those bundles. The runtime's own
// warnings and errors are codes of runtime/core/messages.ts, printed with `say`.

const PREFIX = '[tagc]';
const DEBUG_KEY = 'tagc.debug';
let debugOn: boolean | undefined;

function format(args: unknown[]): unknown[] {
  return typeof args[0] === 'string' ? [`${PREFIX} ${args[0]}`, ...args.slice(1)] : [PREFIX, ...args];
}

function out(level: 'error' | 'warn' | 'info' | 'debug', args: unknown[]): void {
  try {
    const c = globalThis.console;
    c[level](...format(args));
  } catch {
    // A console that throws must not stop the container.
  }
}

export function isDebugOn(): boolean {
  if (!__TAGC_DEBUG__) return false;
  if (debugOn === undefined) {
    debugOn = debugFlag() || __TAGC_ENV__ === 'test';
  }
  return debugOn;
}

/** The persisted debug flag, in every build (those without debug logging load the debug companion). */
export function debugFlag(): boolean {
  // Web storage that never throws (./storage.ts): disabled storage reads as the flag off.
  return getItem('local', DEBUG_KEY) === 'true';
}

/** Turns debug logging on or off, persisted in localStorage. */
export function setDebug(on: boolean): void {
  debugOn = on;
  // Storage may be disabled; the setting then lasts for this page only.
  if (on) setItem('local', DEBUG_KEY, 'true');
  else removeItem('local', DEBUG_KEY);
}

export const log: Logger = {
  error: (...args) => out('error', args),
  warn: (...args) => out('warn', args),
  info: (...args) => {
    if (__TAGC_DEBUG__ && isDebugOn()) out('info', args);
  },
  debug: (...args) => {
    if (__TAGC_DEBUG__ && isDebugOn()) out('debug', args);
  },
};

/** A text only debug logging prints: '' in builds without it, whose bundles carry neither the text nor what makes it. */
export function debugText(text: () => string): string {
  return __TAGC_DEBUG__ ? text() : '';
}

/** Set by the debug companion (runtime/debug/companion.ts): prints a code's text once it has loaded. */
let expand: ((code: Msg, args: readonly unknown[]) => string) | undefined;

export function setExpander(f: (code: Msg, args: readonly unknown[]) => string): void {
  expand = f;
}

/**
 * Prints a runtime message, an error or a warning as its code's first letter says: its text in
 * builds with debug logging, else `[tagc] <code>` and the arguments (the text stays out of the bundle).
 */
export function say<C extends Msg>(code: C, ...args: MessageArgs<C>): void {
  out(code[0] === 'E' ? 'error' : 'warn', __TAGC_DEBUG__ ? [messageText(code, args)] : expand ? [expand(code, args)] : [code, ...args]);
}

/** A failure's message by its code: the text in builds with debug logging, else `<code> <args>` (messages.ts). */
export function failureMessage<C extends Msg>(code: C, ...args: MessageArgs<C>): string {
  return __TAGC_DEBUG__ ? messageText(code, args) : [code, ...args].join(' ');
}

/** An action's failure by its code (failureMessage). */
export function failure<C extends Msg>(code: C, ...args: MessageArgs<C>): Error {
  return new Error(failureMessage(code, ...args));
}

/** The message of an unknown thrown value. */
export function reason(error: unknown): string {
  if (error instanceof Error) return error.message;
  try {
    return String(error);
  } catch {
    return 'unknown error';
  }
}
