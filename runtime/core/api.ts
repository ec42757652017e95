import type { Env } from '../declare/types';
import { debugFlag, isDebugOn, say, setDebug } from './log';
import { Msg } from './messages';
import { getPath } from './merge';
import type { Monitor } from './monitor';

// `window.tagc`: the page-facing API. Kept small and stable; everything else is internal.
// `window._satellite` (runtime/core/satellite.ts) is the same functions under Launch's names.

export interface BuildInfo {
  environment: Env;
  version: string;
  buildTime: string;
  /** The bundle's content hash, as in its file name. */
  hash: string;
}

export interface TagcApi {
  /** Fires a direct-call event (`directCall(name)` rules); the name is trimmed, as Launch does. */
  track(name: string, detail?: unknown): void;
  /** A data element's value, else a value set with setVar (`a.b` reads into an object set as `a`). */
  getVar(name: string): unknown;
  /** Sets a page variable, or several at once from an object (Launch's `_satellite.setVar`). */
  setVar(name: string | Record<string, unknown>, value?: unknown): void;
  /**
   * Turns debugging on or off (persisted); returns the current setting when called without
   * arguments. Builds without debug logging (prod) load their debug companion on the next page.
   */
  debug(on?: boolean): boolean;
  monitor(hooks: Monitor): () => void;
  readonly buildInfo: Readonly<BuildInfo>;
}

/**
 * The page's `window.tagc` over the runtime's parts: `emit` dispatches a non-data-layer event, `getVar`
 * and `setVar` read and set a data element, `monitor` adds monitor hooks.
 */
export function createApi(emit: (key: string, name: string, payload?: unknown) => void, getVar: (name: string) => unknown, setVar: (name: string, value: unknown) => void, monitor: TagcApi['monitor'], buildInfo: BuildInfo): TagcApi {
  return {
    track(name, detail) {
      const id = typeof name === 'string' ? name.trim() : '';
      if (!id) return say(Msg.TrackWithoutName);
      emit(`@call:${id}`, id, detail);
    },
    getVar(name) {
      const value = getVar(name);
      if (value !== undefined || typeof name !== 'string') return value;
      const dot = name.indexOf('.');
      return dot > 0 ? getPath(getVar(name.slice(0, dot)), name.slice(dot + 1)) : undefined;
    },
    setVar(name, value) {
      if (typeof name === 'string') setVar(name, value);
      else if (name && typeof name === 'object') for (const key of Object.keys(name)) setVar(key, name[key]);
    },
    monitor,
    buildInfo: Object.freeze({ ...buildInfo }),
    debug(on?: boolean) {
      if (on !== undefined) setDebug(!!on);
      // Without debug logging compiled in, the flag loads the debug companion on the next page.
      return __TAGC_DEBUG__ ? isDebugOn() : debugFlag();
    },
  };
}
