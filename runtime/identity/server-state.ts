import { say } from '../core/log';
import { Msg } from '../core/messages';
import { isPlainObject, nonEmptyText } from '../core/merge';

// State the server rendered into the page, `{ [orgId]: { sdid: { supplementalDataIDCurrent } } }`
// as an object or JSON (Visitor's `serverState`). Its own module, given to the identity client
// as `serverState: serverState(value)`: bundles whose identity settings have none do not carry it.

/** The open supplemental-data id the server state holds for an org, read once as the identity client starts. */
export type ServerState = (orgId: string) => string | undefined;

export function serverState(value: unknown): ServerState {
  return (orgId) => {
    if (value === undefined || value === null || value === '') return undefined;
    let state: unknown = value;
    try {
      if (typeof state === 'string') state = JSON.parse(state);
    } catch {
      state = undefined;
    }
    const mine = isPlainObject(state) ? state[orgId] : undefined;
    if (!isPlainObject(state) || (mine !== undefined && !isPlainObject(mine))) {
      say(Msg.InvalidServerState);
      return undefined;
    }
    const current = isPlainObject(mine) && isPlainObject(mine.sdid) ? mine.sdid.supplementalDataIDCurrent : undefined;
    return nonEmptyText(current);
  };
}
