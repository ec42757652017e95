import type { Env } from '../declare/types';
import { isDebugOn, setDebug } from './log';
import type { Monitor } from './monitor';

// `window.tagc`: the page-facing API. Kept small and stable; everything else is internal.

export interface BuildInfo {
  environment: Env;
  version: string;
  buildTime: string;
  /** The bundle's content hash, as in its file name. */
  hash: string;
}

export interface TagcApi {
  /** Fires a direct-call event (`directCall(name)` rules). */
  track(name: string, detail?: unknown): void;
  getVar(name: string): unknown;
  setVar(name: string, value: unknown): void;
  /** Turns debug logging on or off (persisted); returns the current setting when called without arguments. */
  debug(on?: boolean): boolean;
  monitor(hooks: Monitor): () => void;
  readonly buildInfo: Readonly<BuildInfo>;
}

export function createApi(parts: {
  track: TagcApi['track'];
  getVar: TagcApi['getVar'];
  setVar: TagcApi['setVar'];
  monitor: TagcApi['monitor'];
  buildInfo: BuildInfo;
}): TagcApi {
  return {
    ...parts,
    buildInfo: Object.freeze({ ...parts.buildInfo }),
    debug(on?: boolean) {
      if (on !== undefined) setDebug(!!on);
      return isDebugOn();
    },
  };
}
