import { egressImage } from '../core/egress';
import { cacheBuster } from '../privacy/redact';
import type { Action, ConsentCategory } from '../declare/types';
import { TOOLING } from '../declare/tooling';

// A social network's image pixel (conversion/page-view tags): a GET to the network's collection
// URL with its query parameters. Values may be `de()` references.

export interface SocialPixelOptions {
  /** The network's name, for graph.json and the viewer (params): bundles without tooling drop it (TOOLING_OPTIONS, compiler/phases/5-emit/mangled-props.ts). */
  network: string;
  url: string;
  params: Record<string, unknown>;
  /** Social pixels are advertising unless declared otherwise. */
  sends?: Exclude<ConsentCategory, 'analytics'>;
}

/* @__NO_SIDE_EFFECTS__ */
export function socialPixel(options: SocialPixelOptions): Action {
  return {
    kind: 'socialPixel',
    params: TOOLING ? { ...options } : {},
    sends: options.sends ?? 'advertising',
    run(ctx) {
      const values = ctx.value(options.params) as Record<string, unknown>;
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
      q.set('rnd', cacheBuster());
      egressImage(ctx.runtime.win, options.sends ?? 'advertising', `${options.url}${options.url.includes('?') ? '&' : '?'}${q}`);
    },
  };
}
