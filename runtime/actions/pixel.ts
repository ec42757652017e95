import { egressImage } from '../core/egress';
import { cacheBuster } from '../privacy/redact';
import type { Action, DataElementRef } from '../declare/types';
import { TOOLING } from '../declare/tooling';

// The advertising activity pixel (Floodlight-compatible, docs/wire-formats.md): `;`-separated parameters
// ending with `?`, a numeric random `ord` against caching, `npa=1` when the visitor opted out of
// ads personalisation. Sent as an image.

export interface ActivityPixelOptions {
  host: string;
  /** Advertiser id (`src`), activity group (`type`) and activity tag (`cat`). */
  src: string;
  type: string;
  cat: string;
  /** Truthy when the visitor opted out of ads personalisation (`npa=1`). */
  npa?: DataElementRef | boolean;
  /** Child-directed treatment and under-age flags; empty when unknown. */
  childDirected?: '' | '0' | '1';
  underAge?: '' | '0' | '1';
}

export function activityPixelUrl(o: ActivityPixelOptions, npa: boolean, ord: string): string {
  const enc = encodeURIComponent;
  return (
    `https://${o.host}/ddm/activity/src=${enc(o.src)};type=${enc(o.type)};cat=${enc(o.cat)};` +
    `dc_lat=;dc_rdid=;tag_for_child_directed_treatment=${(!__TAGC_UNSET_childDirected__ && o.childDirected) || ''};tfua=${(!__TAGC_UNSET_underAge__ && o.underAge) || ''};npa=${npa ? 1 : ''};ord=${ord}?`
  );
}

/* @__NO_SIDE_EFFECTS__ */
export function activityPixel(options: ActivityPixelOptions): Action {
  return {
    kind: 'activityPixel',
    params: TOOLING ? { ...options } : {},
    sends: 'advertising',
    run(ctx) {
      // Flags no project module names are compiled out (runtime/declare/unset-options.ts).
      const npa = !__TAGC_UNSET_npa__ && ctx.value(options.npa ?? false);
      egressImage(ctx.runtime.win, 'advertising', activityPixelUrl(options, !!npa && npa !== 'false', cacheBuster()));
    },
  };
}
