import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { formatRoute, parseRoute, type Route } from './route';

// The hash is the single source of truth for what is on screen; table state lives in its query
// so a pasted link reopens the same search, filters and sort.

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  window.addEventListener('tagc:route', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener('tagc:route', onChange);
  };
}

const snapshot = () => window.location.hash;

export function navigate(hash: string, options: { replace?: boolean } = {}): void {
  if (options.replace) {
    // replaceState fires no hashchange: typing in a search box should not flood history.
    window.history.replaceState(window.history.state, '', hash);
    window.dispatchEvent(new Event('tagc:route'));
  } else {
    window.location.hash = hash;
  }
}

export interface RouteApi {
  route: Route;
  /** Changes the current URL's query in place (history entry replaced). */
  updateQuery(change: (query: URLSearchParams) => void): void;
}

export function useRoute(): RouteApi {
  const hash = useSyncExternalStore(subscribe, snapshot, () => '');
  const route = useMemo(() => parseRoute(hash), [hash]);
  // Reads the URL at call time, so two changes in one event handler both land.
  const updateQuery = useCallback((change: (query: URLSearchParams) => void) => {
    const current = parseRoute(window.location.hash);
    change(current.query);
    navigate(formatRoute(current), { replace: true });
  }, []);
  return { route, updateQuery };
}
