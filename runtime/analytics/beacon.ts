// AppMeasurement-compatible beacon query (../shared/guide/protocols.md). Issue 3 completes the
// field set; this is the page-view core the foundation needs.

export const APPMEASUREMENT_VERSION = '2.27.0';

export interface BeaconInput {
  trackingServer: string;
  rsid: string;
  /** Analytics variables by their wire names (pageName, ch, c1, v22, events...). */
  vars: Record<string, string | number | undefined>;
  pageUrl: string;
  referrer?: string;
  now?: Date;
}

/** AppMeasurement's `t`: `d/m/yyyy h:m:s weekday tzOffsetMinutes`, month 0-based, no padding. */
export function timestamp(d: Date): string {
  return `${d.getDate()}/${d.getMonth()}/${d.getFullYear()} ${d.getHours()}:${d.getMinutes()}:${d.getSeconds()} ${d.getDay()} ${d.getTimezoneOffset()}`;
}

function encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function buildQuery(input: BeaconInput): string {
  const parts: [string, string][] = [
    ['AQB', '1'],
    ['ndh', '1'],
    ['t', timestamp(input.now ?? new Date())],
  ];
  const g = input.pageUrl;
  parts.push(['g', g.slice(0, 255)]);
  if (g.length > 255) parts.push(['-g', g.slice(255)]);
  if (input.referrer) parts.push(['r', input.referrer.slice(0, 255)]);
  for (const [key, value] of Object.entries(input.vars)) {
    if (value === undefined || value === '') continue;
    parts.push([key, String(value)]);
  }
  parts.push(['AQE', '1']);
  return parts.map(([k, v]) => `${k}=${encode(v)}`).join('&');
}

export function buildBeaconUrl(input: BeaconInput, random: string = String(Math.floor(Math.random() * 1e10))): string {
  return `https://${input.trackingServer}/b/ss/${encodeURIComponent(input.rsid)}/1/JS-${APPMEASUREMENT_VERSION}/s${random}?${buildQuery(input)}`;
}
