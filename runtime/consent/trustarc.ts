import { getCookie, setCookie } from '../core/cookies';
import type { ConsentCategory } from '../declare/types';
import { CATEGORIES, grantsBy, type ConsentProvider, type Grants } from './types';
import { TOOLING } from '../declare/tooling';

// The TrustArc-kind notice (docs/wire-formats.md): `notice_gdpr_prefs=0,1,2:` lists the accepted levels
// 0-based (0 required, 1 functional/performance, 2 advertising); `cmapi_cookie_privacy=permit 1,2,3`
// lists them 1-based. The notice posts `{source:'preference_manager', message:'submit_preferences'}`
// to the window after it stored a choice.

export interface TrustArcOptions {
  /** Level (0-based) each category belongs to; a category is granted when its level is accepted. */
  levels: Record<ConsentCategory, number>;
}

const PREFS = 'notice_gdpr_prefs';
const CMAPI = 'cmapi_cookie_privacy';

/** The levels of a comma list numbered from `base`: a part of spaces alone is none, and Number reads a part's digits past the spaces around them. */
function levelsIn(list: string, base: number): number[] {
  return list
    .split(',')
    .filter((s) => s.trim())
    .map((s) => Number(s) - base)
    .filter((n) => Number.isInteger(n) && n >= 0);
}

function levelsFromPrefs(raw: string): number[] {
  // The pattern matches every text (its digits may be none).
  return levelsIn(/^([\d,\s]*):?/.exec(raw)![1], 0);
}

function levelsFromCmapi(raw: string): number[] | null {
  const m = /^permit\s+([\d,\s]+)/i.exec(raw.trim());
  return m ? levelsIn(m[1], 1) : null;
}

function isSubmit(data: unknown): boolean {
  let d = data;
  if (typeof d === 'string') {
    try {
      d = JSON.parse(d) as unknown;
    } catch {
      return false;
    }
  }
  return !!d && typeof d === 'object' && (d as { source?: unknown }).source === 'preference_manager' && (d as { message?: unknown }).message === 'submit_preferences';
}

/* @__NO_SIDE_EFFECTS__ */
export function trustArcProvider(options: TrustArcOptions): ConsentProvider {
  return {
    name: 'trustarc',
    read(win) {
      const prefs = getCookie(PREFS, win.document);
      const cmapi = getCookie(CMAPI, win.document);
      if (prefs === undefined && cmapi === undefined) return null;
      // A cookie we cannot read is a decision we cannot prove: only the required level.
      const accepted = new Set((prefs !== undefined ? levelsFromPrefs(prefs) : levelsFromCmapi(cmapi!)) ?? [0]);
      return grantsBy((c) => accepted.has(options.levels[c]));
    },
    subscribe(win, onSubmit) {
      // The notice stores its cookies before posting; read them after the current task.
      win.addEventListener('message', (e: MessageEvent) => {
        if (isSubmit(e.data)) win.setTimeout(onSubmit, 0);
      });
    },
    // Only simulate and tests write (runtime/declare/tooling.ts): a bundle without tooling has no
    // write at all (an empty spread, which the compiler drops), rather than an empty method.
    ...(TOOLING
      ? {
          write(win: Window & typeof globalThis, grants: Grants): void {
            const levels = new Set<number>([0]);
            const byLevel = new Map<number, ConsentCategory[]>();
            for (const c of CATEGORIES) byLevel.set(options.levels[c], [...(byLevel.get(options.levels[c]) ?? []), c]);
            // A level holding several categories is accepted only when all of them are granted.
            for (const [level, cats] of byLevel) if (cats.every((c) => grants[c])) levels.add(level);
            const list = [...levels].sort((a, b) => a - b);
            const year = 365 * 24 * 3600;
            setCookie(PREFS, `${list.join(',')}:`, { maxAge: year }, win.document);
            setCookie(CMAPI, `permit ${list.map((l) => l + 1).join(',')}`, { maxAge: year }, win.document);
          },
        }
      : {}),
  };
}
