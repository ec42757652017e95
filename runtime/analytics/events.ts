import { say } from '../core/log';
import { Msg } from '../core/messages';
import { LIMITS } from './limits';

// The `events` variable: `event1`…`event1000` and the commerce events, each optionally with a
// numeric/currency value (`event5=3.5`) or a serialisation id (`event1:ABC123`). Names are
// case-sensitive. A malformed entry is dropped with a warning, never sent.

const EVENT = /^(event(1000|[1-9]\d{0,2})|purchase|prodView|scOpen|scAdd|scRemove|scView|scCheckout)(=-?\d+(\.\d+)?|:[A-Za-z0-9]{1,20})?$/;

/** The event's name without its value or serialisation id. */
export function eventName(entry: string): string {
  return entry.split(/[=:]/, 1)[0];
}

/** A list of events (array or comma string) checked and joined; at most 64 KB. */
export function serialiseEvents(value: unknown): string {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : value == null ? [] : [value];
  const out: string[] = [];
  let size = 0;
  for (const raw of list) {
    const entry = String(raw ?? '').replace(/\s+/g, '');
    if (!entry) continue;
    if (!EVENT.test(entry)) {
      say(Msg.InvalidEvent, entry);
      continue;
    }
    if ((size += entry.length + 1) > LIMITS.events) {
      say(Msg.EventsTooLong, LIMITS.events, entry);
      break;
    }
    out.push(entry);
  }
  return out.join(',');
}

/** Link hits keep only the events named in `linkTrackEvents` (AppMeasurement's rule). */
export function filterEvents(events: string, allowed: ReadonlySet<string>): string {
  return events
    .split(',')
    .filter((e) => e && allowed.has(eventName(e)))
    .join(',');
}
