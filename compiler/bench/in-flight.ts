// The requests the harness is still routing for a context (route-hosts.ts counts them: no listener,
// no protocol event of its own). Every request of the bench's pages to a host passes through those
// routes, so a request sent by one measurement is fetched, answered, and its response handled on
// the renderer's main thread while the next measurement runs: whatever of that tail falls inside
// a window of CDP metrics is counted as the later measurement's main-thread time.
//
// Counted in the route rather than with Playwright's page events, which would make the harness
// send three more messages a request (`request`, `requestfinished`, `requestfailed`) while the
// dispatch figures are measured.

export interface InFlight {
  /** Requests routed and not yet answered (fulfilled or aborted). */
  count(): number;
  /** Resolves once none is (at once if none is), or after `timeoutMs`; with the time waited (ms). */
  settled(timeoutMs?: number): Promise<number>;
  /** Called by the route around each request. */
  begin(): void;
  end(): void;
}

const POLL_MS = 10;

export function inFlight(): InFlight {
  let n = 0;
  return {
    count: () => n,
    begin: () => void n++,
    end: () => void n--,
    async settled(timeoutMs = 5000) {
      const t0 = performance.now();
      while (n > 0 && performance.now() - t0 < timeoutMs) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      return performance.now() - t0;
    },
  };
}
