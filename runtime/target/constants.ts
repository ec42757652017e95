// A/B testing library constants (spec §9; delivery API of docs/wire-formats.md, at.js 2.x compatible).
export const TARGET_VERSION = '2.11.4';
/** Whole-request timeout of the testing library (the page-load rule uses its own, shorter one). */
export const TARGET_TIMEOUT_MS = 16_000;
export const URL_SIZE_LIMIT = 2048;
// The mbox cookie's lifetimes, in seconds as the cookie writes them (mbox-cookie.ts): the device id (PC),
// and the session for every other entry (the session id, the edge host: at.js gives both 31 min).
export const DEVICE_ID_LIFETIME_S = 632_448;
export const SESSION_ID_LIFETIME_S = 1_860;
export const SELECTOR_POLLING_MS = 5000;
export const MBOX_NAME_MAX = 250;
export const MAX_PARAMS = 50;
export const MAX_PARAM_NAME = 128;
export const MAX_PARAM_VALUE = 5000;
export const FLICKER_STYLE_ID = 'at-body-style';
