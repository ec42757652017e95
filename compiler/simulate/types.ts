// `tagc simulate` output: a contract later issues and external checks rely on. Extend by adding
// fields only; never rename or remove one.

export interface SimulatedRequest {
  method: string;
  url: string;
  /** Request body as text (POST, sendBeacon), or null. */
  body: string | null;
  /** Decoded query parameters, plus form-body parameters for urlencoded bodies. */
  params: Record<string, string>;
  /** How the request left the page: image, beacon, script, iframe or fetch (fetch and XHR). */
  transport: 'image' | 'beacon' | 'script' | 'iframe' | 'fetch';
  /** Virtual milliseconds since the page started when the request was made. */
  at: number;
}

/**
 * What a failing condition compared, as JSON: `subject` the value it looked at (absent: undefined),
 * `expected` what it needed (for `consent`: the category not granted), `negated` under `not()`.
 * `anyOf` gives arrays, one entry per alternative.
 */
export interface SimulatedExplanation {
  subject?: unknown;
  expected?: unknown;
  negated?: boolean;
}

export interface SimulateResult {
  env: string;
  url: string;
  fired: { rule: string; event: string; order: number }[];
  requests: SimulatedRequest[];
  console: { level: string; text: string }[];
  cookies: Record<string, string>;
  /**
   * The cookies the page had when the bundle started (given with `--cookie`, stored consent,
   * a scenario's set-up): `cookies` minus these is what the bundle wrote.
   */
  cookiesBefore?: Record<string, string>;
  localStorage: Record<string, string>;
  dataLayer: unknown[];
  /**
   * Rules whose conditions failed: rule, event, failing condition kind and its index (-1: the
   * rule-level consent), and `explain` when the kind can say what it compared.
   */
  skipped: { rule: string; event: string; condition: string; index: number; explain?: SimulatedExplanation }[];
  /** Actions that threw, rejected or timed out. */
  failed: { rule: string; event: string; action: string; error: string }[];
  /** Requests the bundle's egress point refused (consent at the moment of leaving, a host outside the inventory, a non-http(s) URL); URLs redacted. */
  refused: { url: string; category: string; via: string; reason: string }[];
  /** The consent the page started with and the provider callback fired, when given (--consent, --consent-event). */
  consent?: { stored: string; event: string | null };
  /** The bundle that ran. */
  bundle: { file: string; hash: string };
}

export interface RespondRule {
  /** Substring of the request URL. */
  match: string;
  status: number;
  body: string;
  contentType?: string;
}

export interface SimulateOptions {
  env: string;
  /** Page URL; default the build's `simulate.url` (the project's entry page). */
  url?: string;
  referrer?: string;
  userAgent?: string;
  /** `name=value` cookies set before load. */
  cookies?: string[];
  /** `key=value` localStorage entries set before load. */
  local?: string[];
  /** Entries placed in appEventData before the bundle loads, in order. */
  push?: unknown[];
  /** Entries pushed after window load, in order. */
  after?: unknown[];
  /** Virtual milliseconds to run after the last push. Default 2000. */
  wait?: number;
  respond?: RespondRule[];
  /** build/ folder with manifest.json. Default <cwd>/build. */
  buildDir?: string;
  /** Called with the window before the bundle loads (extensions such as consent cookies). */
  beforeLoad?: (win: SimWindow) => void;
  /** Stored consent written to the provider's cookies before load: unset | all | none | <comma list>. */
  consent?: string;
  /** The provider's callback after load: given | changed:<categories> | declined. */
  consentEvent?: string;
  /** Page code calling `_satellite.pageBottom()` at the end of the body, before DOMContentLoaded. */
  pageBottom?: boolean;
  /** Page code calling `_satellite.track(name, detail)` after window load and the `after` pushes, in order. */
  track?: { name: string; detail?: unknown }[];
  /** Called after window load and the `after` pushes, before the wait (e.g. consent callbacks). */
  afterLoad?: (win: SimWindow) => void | Promise<void>;
}

/** The happy-dom window as the simulator hands it to extensions. */
export type SimWindow = Window & typeof globalThis;
