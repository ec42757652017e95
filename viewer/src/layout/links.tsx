import type { ReactNode } from 'react';
import { formatRoute, type View } from '../routing/route';

// Links between views; every one is a plain <a href="#/..."> so it is keyboard reachable,
// opens in a new tab, and can be copied.

export const href = (env: string, view: View, arg?: string | null, query?: Record<string, string>): string => formatRoute({ env, view, arg, query });

export function RuleLink({ env, id, children }: { env: string; id: string; children?: ReactNode }) {
  return (
    <a href={href(env, 'rule', id)} className="rule-link">
      {children ?? id}
    </a>
  );
}

export function EventLink({ env, eventKey, label, children }: { env: string; eventKey: string; label: string; children?: ReactNode }) {
  return (
    <a href={href(env, 'firing', eventKey)} className="chip" title={`Firing order on ${label}`}>
      {children ?? label}
    </a>
  );
}

export function DataElementLink({ env, name, children }: { env: string; name: string; children?: ReactNode }) {
  return (
    <a href={href(env, 'data-elements', null, { q: `name:${name}` })} className="de-link">
      «{children ?? name}»
    </a>
  );
}
