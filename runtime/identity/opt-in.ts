// Opt-in (spec §4): when it applies, nothing identifies the visitor until the decision is
// approved; denied means no id call, no cookie and no sync.

export type OptInState = 'not complete' | 'approved' | 'denied';

export interface OptIn {
  state(): OptInState;
  approve(): void;
  deny(): void;
}

/** The opt-in state; `changed` (its one listener, the identity client) is called on each change. */
export function createOptIn(applies: boolean, changed: (state: OptInState) => void): OptIn {
  let state: OptInState = applies ? 'not complete' : 'approved';
  const set = (next: OptInState) => {
    if (next === state) return;
    state = next;
    changed(next);
  };
  return {
    state: () => state,
    approve: () => set('approved'),
    deny: () => set('denied'),
  };
}
