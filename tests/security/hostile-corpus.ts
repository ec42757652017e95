import { prng } from '../helpers/prng';

// The hostile-input corpus of the Chromium test (hostile-chromium.test.ts): values for every
// input the runtime reads (URL query, hash, referrer, cookies, storage, data-layer pushes, the
// identity and A/B service responses, A/B offers). Script payloads set `window.__pwned`; URL
// payloads name `evil.example`; pollution payloads name `polluted`. Seeded, so every run checks
// the same cases.

export const SENTINEL = '__pwned';
export const EVIL = 'evil.example';

const SCRIPTS = [
  `<img src=x onerror="window.${SENTINEL}=1">`,
  `"><svg onload=window.${SENTINEL}=1>`,
  `</script><script>window.${SENTINEL}=1</script>`,
  `javascript:window.${SENTINEL}=1`,
  `'-(window.${SENTINEL}=1)-'`,
  `{{constructor.constructor('window.${SENTINEL}=1')()}}`,
  `\${window.${SENTINEL}=1}`,
  `<iframe srcdoc="<script>parent.${SENTINEL}=1</script>">`,
  `data:text/html,<script>parent.${SENTINEL}=1</script>`,
  `<a href="javascript:window.${SENTINEL}=1">x</a>`,
  `https://${EVIL}/x.js`,
  `//${EVIL}/p.gif`,
];
const POLLUTION = ['__proto__', 'constructor', 'prototype', '__proto__[polluted]', 'constructor[prototype][polluted]', '__defineGetter__', 'hasOwnProperty', 'toString', 'valueOf'];
const ODD = [
  '%E0%A4%A',
  '%00%01%7F',
  '\ud800',
  '\u202egnp.exe',
  'a\r\nSet-Cookie: polluted=1',
  '%25%32%35%25',
  'x'.repeat(8 * 1024),
  '🙂'.repeat(500),
  'null',
  'undefined',
  '[object Object]',
  '-1e309',
  'NaN',
  ' ',
  '',
  'jane.doe@example.com 555-123-4567 4111 1111 1111 1111',
];

export const STRINGS: readonly string[] = [...SCRIPTS, ...POLLUTION, ...ODD];

/** A seeded picker over the corpus, one per test run. */
export function picker(seed = 451): { string(): string; int(n: number): number } {
  const rand = prng(seed);
  let i = 0;
  return {
    // Walks the whole list first (every string is used), then picks at random.
    string: () => (i < STRINGS.length ? STRINGS[i++] : STRINGS[Math.floor(rand() * STRINGS.length)]),
    int: (n) => Math.floor(rand() * n),
  };
}

/** Query parameter names the runtime reads (campaign ids, A/B preview, debug) and generic ones. */
export const QUERY_NAMES = ['cid', 'uid', 'mboxDisable', 'at_preview_token', 'mboxSession', 'adobe_mc', 'tagc-debug', '__proto__', 'constructor[prototype][polluted]', 'q', 'utm_source', 'email'];

/** Cookies the runtime reads (not the consent ones: the visitor consented to everything). */
export const COOKIE_NAMES = ['userID', 'userProfile', 'dealerInfo', 'role', 'segment', 'partyId', 'loginMethod', 'mbox', 'AMCV_FIRM0000000000000000000%40AdobeOrg', 's_ecid', '__proto__', 'constructor'];

/** Storage keys the runtime reads. */
export const STORAGE_KEYS = ['tagc.idsyncs', 'tagc.de.processTool', 'tagc.de.selfService', 'flags.consentTestStorage', 'tagc.debug', '__proto__', 'partyId'];

/** The mbox cookie naming another edge (the A/B trust boundary). */
export const EVIL_MBOX = [`session#abc#9999999999|edge#${EVIL}#9999999999`, `edge#mboxedge31.tt.omtrdc.example/../../${EVIL}#9999999999`, `edge#${EVIL}%2F#9999999999|PC#x#1`];

/** Push payloads (built in the page: getters, proxies, cycles and sparse arrays cannot cross as JSON). */
export const PUSH_KINDS = [
  'event named __proto__',
  'event named constructor',
  'event named hasOwnProperty',
  'JSON __proto__ key',
  'constructor.prototype key',
  'throwing getter',
  'throwing Proxy',
  'cycle',
  'sparse array of 1e8',
  'deep nesting',
  'frozen entry',
  'a function',
  'a number',
  'null',
  'hostile strings in every field',
  'wrong types',
] as const;

/** Hostile identity service responses (JSON text). */
export function identityResponses(s: ReturnType<typeof picker>): string[] {
  return [
    '{"d_mid":"<script>","id_sync_ttl":-1}',
    '{"__proto__":{"polluted":1},"d_mid":"12345678901234567890123456789012345678"}',
    `{"ibs":[{"id":"1","url":"https://${EVIL}/sync?x","tag":"img","ttl":1},{"id":"2","url":"javascript:window.${SENTINEL}=1","tag":"iframe","ttl":1}]}`,
    '{"d_mid":{"toString":1},"ibs":"nope"}',
    'not json at all',
    '',
    '[]',
    'null',
    `{"d_blob":"${s.string().replace(/["\\]/g, '')}","dcs_region":"x","error_msg":"${'e'.repeat(10000)}"}`,
    `{"ibs":[${Array.from({ length: 200 }, (_, i) => `{"id":"${i}","url":"https://${EVIL}/${i}"}`).join(',')}]}`,
  ];
}

/** Hostile A/B offers (the options of an otherwise well-formed response). */
export function offers(): unknown[] {
  return [
    null,
    42,
    { type: 'actions', content: null },
    { type: 'actions', content: [{ type: 'setAttribute', selector: 'h1', content: { href: `javascript:window.${SENTINEL}=1` } }] },
    { type: 'actions', content: [{ type: 'setImageSource', selector: 'img', content: `javascript:window.${SENTINEL}=1` }] },
    { type: 'actions', content: [{ type: 'setStyle', selector: 'h1', content: { background: `url(https://${EVIL}/bg.png)`, priority: 'important' } }] },
    { type: 'actions', content: [{ type: 'setAttribute', selector: 'h1', content: { onclick: `window.${SENTINEL}=1`, src: `https://${EVIL}/x` } }] },
    { type: 'actions', content: [{ type: 'setHtml', selector: '<<invalid>>', content: 'x' }] },
    { type: 'actions', content: [{ type: 'rearrange', selector: 'h1', content: { from: -1, to: 1e9 } }] },
    { type: 'redirect', content: `javascript:window.${SENTINEL}=1` },
    { type: 'redirect', content: { url: `data:text/html,<script>window.${SENTINEL}=1</script>`, toString: null } },
    { type: 'json', content: { __proto__: { polluted: 1 } } },
    { type: '__proto__', content: 'x' },
    { type: 'actions', content: [null, 1, 'x', { type: 'setText' }] },
    { type: 'actions', content: Array.from({ length: 500 }, () => ({ type: 'setText', selector: 'h1', content: 'x' })) },
    { type: 'actions', content: [{ type: 'setAttribute', selector: 'a', content: { href: `vbscript:x`, srcdoc: `<script>parent.${SENTINEL}=1</script>` } }] },
  ];
}
