// A tracker's own linkTrackVars / linkTrackEvents (AppMeasurement's s.linkTrackVars), which the
// analyticsSet action sets. Kept here by client rather than in the client, as ./sent.ts keeps its
// listeners: a bundle whose rules never set them never assigns `settings`, so swc folds the
// client's read to nothing ('' for both).

export interface LinkTracking {
  vars: string;
  events: string;
}

let settings: WeakMap<object, LinkTracking> | null = null;

/** The client's linkTrackVars / linkTrackEvents, if they were set. An arrow: swc inlines it where `settings` is never set (a function stayed, empty, with its calls). */
export const linkTracking = (client: object): LinkTracking | undefined => settings?.get(client);

/** Sets them; an undefined one keeps its value ('' when it has none). */
export function setLinkTracking(client: object, vars?: string, events?: string): void {
  const now = linkTracking(client);
  settings ??= new WeakMap();
  settings.set(client, { vars: vars ?? now?.vars ?? '', events: events ?? now?.events ?? '' });
}
