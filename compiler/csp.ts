import { createHash } from 'node:crypto';
import { FLICKER_CSS } from '../runtime/target/flicker';
import type { CspDirective, HostUse } from './graph-types';

// A Content-Security-Policy for one environment's bundle, from its host inventory (manifest
// `environments.<env>.hosts`): the sources the container needs, in two forms. `nonce`: scripts
// by the page's per-response nonce and 'strict-dynamic' (what the bundle loads inherits the
// trust); the A/B anti-flicker <style> carries the same nonce. `allowlist`: scripts by host (the
// bundle's own host and every script host of the inventory); the anti-flicker style by its hash.
// Both list the image, connect and frame hosts, so a request outside the inventory is blocked
// by the browser as well as refused by the egress point. A page merges these sources into its
// own policy (docs/security.md).

export interface CspOptions {
  /** Where the bundle is served from (a host, or 'self'). */
  scriptHost?: string;
  /** The nonce placeholder (the server puts a fresh value in each response). */
  nonce?: string;
}

export interface CspForms {
  nonce: string;
  allowlist: string;
}

const DIRECTIVES: CspDirective[] = ['script-src', 'style-src', 'img-src', 'connect-src', 'frame-src'];

/** 'sha256-…' of the anti-flicker style's text. */
export const FLICKER_STYLE_HASH = `'sha256-${createHash('sha256').update(FLICKER_CSS).digest('base64')}'`;

function sources(hosts: readonly HostUse[]): Record<CspDirective, string[]> {
  const out = Object.fromEntries(DIRECTIVES.map((d) => [d, [] as string[]])) as Record<CspDirective, string[]>;
  for (const h of hosts) if (out[h.directive] && !out[h.directive].includes(h.host)) out[h.directive].push(h.host);
  // 'self' first, then by name: a stable policy from run to run.
  for (const d of DIRECTIVES) out[d].sort((a, b) => (a === "'self'" ? -1 : b === "'self'" ? 1 : a.localeCompare(b)));
  return out;
}

function policy(directives: [string, string[]][]): string {
  return directives
    .filter(([, list]) => list.length)
    .map(([name, list]) => `${name} ${list.join(' ')}`)
    .join('; ');
}

export function cspFor(hosts: readonly HostUse[], options: CspOptions = {}): CspForms {
  const s = sources(hosts);
  const nonce = `'nonce-${options.nonce ?? '{NONCE}'}'`;
  const bundleHost = options.scriptHost ?? "'self'";
  const rest: [string, string[]][] = [
    ['img-src', s['img-src']],
    ['connect-src', s['connect-src']],
    ['frame-src', s['frame-src']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
  ];
  return {
    nonce: policy([['script-src', [nonce, "'strict-dynamic'"]], ['style-src', [nonce, ...s['style-src']]], ...rest]),
    allowlist: policy([['script-src', [...new Set([bundleHost, ...s['script-src']])]], ['style-src', [FLICKER_STYLE_HASH, ...s['style-src']]], ...rest]),
  };
}
