// Opt-in (spec §4): when it applies, nothing identifies the visitor until the decision is
// approved; denied means no id call, no cookie and no sync.

export type OptInState = 'not complete' | 'approved' | 'denied';

export interface OptIn {
  state(): OptInState;
  approve(): void;
  deny(): void;
  /** Called on each change of state. */
  onChange(listener: (state: OptInState) => void): void;
}

export function createOptIn(applies: boolean): OptIn {
  let state: OptInState = applies ? 'not complete' : 'approved';
  const listeners: ((s: OptInState) => void)[] = [];
  const set = (next: OptInState) => {
    if (next === state) return;
    state = next;
    for (const l of listeners.slice()) l(next);
  };
  return {
    state: () => state,
    approve: () => set('approved'),
    deny: () => set('denied'),
    onChange: (l) => void listeners.push(l),
  };
}
