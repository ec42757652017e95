import { egressFetch } from '../core/egress';
import { log, reason } from '../core/log';
import { getJson, setJson } from '../core/storage';

// Event schemas from the schema service (spec §5, §7): GET
// https://{host}/{prefix}/{organization}/{property}/{build}/{event}.json, kept in localStorage
// for an hour (§9). A non-200 answer caches an empty schema, so a missing document is asked for
// once an hour at most; a network failure caches nothing.

export interface SchemaServiceConfig {
  host: string;
  prefix: string;
  organization: string;
  property: string;
  build: string;
}

export const SCHEMA_CACHE_MS = 60 * 60 * 1000;
const CACHE_PREFIX = 'tagc.schema.';

interface CacheEntry {
  at: number;
  schema: Record<string, unknown>;
}

export function schemaUrl(c: SchemaServiceConfig, event: string): string {
  const seg = (s: string) => encodeURIComponent(s);
  return `https://${c.host}/${seg(c.prefix)}/${seg(c.organization)}/${seg(c.property)}/${seg(c.build)}/${seg(event)}.json`;
}

export interface SchemaService {
  /** The cached schema of `event` if it is fresh; undefined when it must be fetched. */
  cached(event: string): Record<string, unknown> | undefined;
  /** Fetches (once at a time per event) and caches; resolves undefined on a network failure. */
  load(event: string): Promise<Record<string, unknown> | undefined>;
}

export function createSchemaService(config: SchemaServiceConfig, now: () => number = Date.now): SchemaService {
  const inFlight = new Map<string, Promise<Record<string, unknown> | undefined>>();
  const key = (event: string) => `${CACHE_PREFIX}${config.build}.${event}`;

  function cached(event: string): Record<string, unknown> | undefined {
    const entry = getJson<CacheEntry>('local', key(event));
    if (!entry || typeof entry.at !== 'number' || !entry.schema || typeof entry.schema !== 'object') return undefined;
    const age = now() - entry.at;
    return age >= 0 && age < SCHEMA_CACHE_MS ? entry.schema : undefined;
  }

  async function fetchSchema(event: string): Promise<Record<string, unknown> | undefined> {
    try {
      const response = await egressFetch(globalThis as Window & typeof globalThis, 'necessary', schemaUrl(config, event), { credentials: 'omit' });
      let schema: Record<string, unknown> = {};
      if (response.status === 200) {
        const body: unknown = await response.json();
        if (body && typeof body === 'object' && !Array.isArray(body)) schema = body as Record<string, unknown>;
        else log.warn(`Schema for "${event}" is not a JSON object; using an empty schema`);
      }
      setJson('local', key(event), { at: now(), schema } satisfies CacheEntry);
      return schema;
    } catch (error) {
      log.warn(`Schema service request for "${event}" failed: ${reason(error)}`);
      return undefined;
    }
  }

  return {
    cached,
    load(event) {
      const fresh = cached(event);
      if (fresh) return Promise.resolve(fresh);
      let pending = inFlight.get(event);
      if (!pending) {
        pending = fetchSchema(event).finally(() => inFlight.delete(event));
        inFlight.set(event, pending);
      }
      return pending;
    },
  };
}
