import type { CustomerId, IdentityFields } from '../analytics/beacon';
import { getCookie, removeCookie, setCookie } from '../core/cookies';
import { egressFetch } from '../core/egress';
import { nextSlice } from '../core/slices';
import { debugText, log, reason, say } from '../core/log';
import { Msg } from '../core/messages';
import { isPlainObject, positive } from '../core/merge';
import { AMCV_MAX_AGE, cookieName, readAmcv, sessionCookieName, VERSION, writeAmcv, type AmcvFields } from './amcv';
import { AAM_UUID_COOKIE, AAM_UUID_MAX_AGE, cookieDomain, VISIT_COOKIE, VISIT_MAX_AGE } from './cookies';
import { isValidId, localId, supplementalId } from './ids';
import { createOptIn, type OptIn } from './opt-in';
import type { ServerState } from './server-state';
import { fireSync, validateSync, type SyncByUrl } from './sync';
import { TOOLING } from '../declare/tooling';

// Experience Cloud ID-compatible visitor identity (docs/wire-formats.md, spec §4, §8, §9). One client per
// page (`ctx.runtime.service('identity', ...)`). It never blocks a hit for long: callers pass
// how long they wait (`whenReady`), after which they get a provisional local id, the same one the
// 30-s load timeout would have used.

export const LOAD_TIMEOUT = 30000;
export const REGION_TTL = 604800;
export const SDID_EXPIRY = 30000;

export interface IdentityConfig {
  orgId: string;
  /** The identity service host (`/id` calls, `ibs:` data-source syncs). */
  host: string;
  loadTimeout?: number;
  /** Opt-in applies: no call, cookie or sync until `optIn.approve()`. */
  optInApplies?: boolean;
  disableIdSyncs?: boolean;
  /** State the server rendered into the page (server-state.ts: `serverState(value)`). */
  serverState?: ServerState;
}

export interface IdentityClient {
  readonly optIn: OptIn;
  /** Calls back with the visitor's fields once known, or with a provisional local id after `maxWait` ms. */
  whenReady(maxWait: number, callback: (fields: IdentityFields) => void): void;
  /** The fields now; `provisional` creates the local id if the service has not answered yet. */
  fields(provisional?: boolean): IdentityFields;
  /** Whether the visitor id was generated in the page (service failed or timed out); tooling only (no runtime code reads it). */
  isClientSideId?(): boolean;
  setCustomerIds(ids: Readonly<Record<string, CustomerId>>): void;
  idSyncByURL(config: SyncByUrl): string | undefined;
  idSyncByDataSource(config: SyncByUrl): string | undefined;
  /** A supplemental-data id shared by consumers (A/B test and analytics) for 30 s; '' when `noGenerate` and none is open (VisitorAPI's getSupplementalDataID). */
  supplementalDataId(consumer: string, noGenerate?: boolean): string;
  /** Whether this page started the visit (no visit cookie was present); tooling only (no runtime code reads it). */
  visitStarted?(): boolean;
}

// The client's state, as numbers: they never leave the client, and minify shorter than words.
const enum Status {
  Off,
  Waiting,
  Loading,
  Ready,
}

export function createIdentity(win: Window & typeof globalThis, config: IdentityConfig): IdentityClient {
  const orgId = config.orgId.trim();
  const doc = win.document;
  const domain = cookieDomain(win.location.hostname);
  const optIn = createOptIn(!!config.optInApplies, (state) => {
    if (state === 'approved') start();
    else if (state === 'denied' && status !== Status.Off) stop();
  });
  let status: Status = Status.Waiting;
  let amcv: AmcvFields = {};
  let clientSide = false;
  let provisional: string | undefined;
  let customerIds: Record<string, CustomerId> = {};
  let customerIdsSent = '';
  let warnedDenied = false;
  let visitStart = false;
  const waiters: ((fields: IdentityFields) => void)[] = [];

  // Settings no project module names are compiled out (runtime/declare/unset-options.ts).
  const loadTimeout = (__TAGC_UNSET_loadTimeout__ ? undefined : config.loadTimeout) ?? LOAD_TIMEOUT;
  const idSyncsOff = !__TAGC_UNSET_disableIdSyncs__ && !!config.disableIdSyncs;
  if (!orgId) {
    say(Msg.MissingOrg);
    status = Status.Off;
  }
  // The supplemental-data id open now: the one the server rendered, if any, from the page's start.
  let sdid = { id: (!__TAGC_UNSET_serverState__ && config.serverState?.(orgId)) || '', at: Date.now(), consumed: new Set<string>() };

  function rejected(): boolean {
    if (optIn.state() !== 'denied') return false;
    if (!warnedDenied) {
      warnedDenied = true;
      say(Msg.EuRejected);
    }
    return true;
  }

  function fields(wantProvisional?: boolean): IdentityFields {
    if (status === Status.Off || optIn.state() !== 'approved') return {};
    let mid = amcv.mid;
    if (!mid && status === Status.Loading && wantProvisional) mid = provisional ??= localId();
    // One literal: a field the visitor does not have is undefined, which every reader tests (a hit's query leaves it out).
    const ids = Object.keys(customerIds).length ? { ...customerIds } : undefined;
    return { mcorgid: orgId, mid: mid || undefined, aamlh: amcv.region || undefined, aamb: amcv.blob || undefined, customerIds: ids, sdid: supplementalDataId('analytics', true) || undefined };
  }

  function writeCookie(): void {
    setCookie(cookieName(orgId), writeAmcv(amcv, config.host, Date.now()), { maxAge: AMCV_MAX_AGE, domain }, doc);
  }

  function ready(): void {
    status = Status.Ready;
    const list = waiters.splice(0);
    const f = fields();
    for (const cb of list) {
      try {
        cb(f);
      } catch (error) {
        say(Msg.Unexpected, reason(error));
      }
    }
    if (serialiseCids() !== customerIdsSent) call();
  }

  function useLocalId(why: string): void {
    if (amcv.mid) return ready();
    DEBUG: log.info(`Identity service ${why}: using a locally generated visitor id`);
    amcv = { ...amcv, mid: provisional ?? localId() };
    clientSide = true;
    writeCookie();
    ready();
  }

  function serialiseCids(): string {
    return Object.entries(customerIds)
      .map(([code, c]) => `&d_cid_ic=${encodeURIComponent(code)}%01${encodeURIComponent(c.id)}%01${c.authState}`)
      .join('');
  }

  function handle(body: unknown): void {
    if (optIn.state() !== 'approved') return;
    const json = isPlainObject(body) ? body : {};
    const ttl = positive(json.id_sync_ttl, REGION_TTL);
    const next: AmcvFields = { ...amcv, aamExpires: Math.floor(Date.now() / 1000) + ttl };
    if (isValidId(json.d_mid)) {
      next.mid = json.d_mid;
      clientSide = false;
    } else if (json.d_mid !== undefined) say(Msg.InvalidServiceId);
    if (json.dcs_region != null) next.region = String(json.dcs_region);
    if (typeof json.d_blob === 'string') next.blob = json.d_blob;
    amcv = next;
    const uuid = json.uuid ?? json.d_uuid;
    if (uuid !== undefined) {
      if (isValidId(uuid)) setCookie(AAM_UUID_COOKIE, uuid, { maxAge: AAM_UUID_MAX_AGE, domain }, doc);
      else say(Msg.InvalidAudienceId);
    }
    if (!amcv.mid) return useLocalId(debugText(() => 'sent no valid visitor id'));
    writeCookie();
    if (!idSyncsOff && Array.isArray(json.ibs)) {
      for (const sync of json.ibs) {
        if (!isPlainObject(sync) || !Array.isArray(sync.url)) continue;
        const ttlMinutes = positive(sync.ttl, REGION_TTL / 60);
        for (const url of sync.url) {
          if (typeof url === 'string' && url) fireSync(win, String(sync.id ?? ''), url, ttlMinutes, sync.tag === 'iframe' ? 'iframe' : 'image');
        }
      }
    }
  }

  function call(): void {
    const cids = serialiseCids();
    customerIdsSent = cids;
    const mid = amcv.mid ?? '';
    const url =
      `https://${config.host}/id?d_visid_ver=${VERSION}&d_fieldgroup=MC&d_rtbd=json&d_ver=2&d_orgid=${encodeURIComponent(orgId)}&d_nsid=0` +
      (mid ? `&d_mid=${mid}` : '') +
      cids +
      `&ts=${Date.now()}`;
    const first = status !== Status.Ready;
    let settled = false;
    const timer = first
      ? win.setTimeout(() => {
          if (settled) return;
          settled = true;
          useLocalId(debugText(() => `did not answer within ${loadTimeout} ms`));
        }, loadTimeout)
      : undefined;
    // The request leaves first thing in start-up's next task (at once after start-up).
    nextSlice(() =>
      egressFetch(win, 'analytics', url, { credentials: 'include' })
        .then((res) => {
          // Its message is read only by the debug text below.
          if (!res.ok) throw new Error(debugText(() => `status ${res.status}`));
          return res.json() as Promise<unknown>;
        })
        .then(
          (body) => {
            win.clearTimeout(timer);
            const late = settled;
            settled = true;
            handle(body);
            if (!late && status !== Status.Ready) ready();
          },
          (error: unknown) => {
            win.clearTimeout(timer);
            if (settled) return;
            settled = true;
            if (first) useLocalId(debugText(() => `failed (${reason(error)})`));
          },
        ),
    );
  }

  function start(): void {
    if (status !== Status.Waiting || optIn.state() !== 'approved') return;
    status = Status.Loading;
    const visit = getCookie(VISIT_COOKIE, doc);
    visitStart = visit === undefined;
    setCookie(VISIT_COOKIE, visit ?? String(Date.now()), { maxAge: VISIT_MAX_AGE, domain }, doc);
    setCookie(sessionCookieName(orgId), '1', { domain }, doc);
    amcv = readAmcv(getCookie(cookieName(orgId), doc), Date.now());
    // A known visitor whose region and blob are still fresh needs no call on this page.
    if (amcv.mid && amcv.aamExpires !== undefined && !Object.keys(customerIds).length) ready();
    else call();
  }

  /** Denied: the visitor's cookies go, and waiting callers get no fields. */
  function stop(): void {
    status = Status.Waiting;
    amcv = {};
    removeCookie(cookieName(orgId), { domain }, doc);
    removeCookie(sessionCookieName(orgId), { domain }, doc);
    removeCookie(VISIT_COOKIE, { domain }, doc);
    const list = waiters.splice(0);
    for (const cb of list) cb({});
  }
  if (status !== Status.Off) start();

  function supplementalDataId(consumer: string, noGenerate?: boolean): string {
    const now = Date.now();
    const open = sdid.id && now - sdid.at < SDID_EXPIRY && !sdid.consumed.has(consumer);
    if (open) {
      sdid.consumed.add(consumer);
      return sdid.id;
    }
    if (noGenerate) return '';
    sdid = { id: supplementalId(), at: now, consumed: new Set([consumer]) };
    return sdid.id;
  }

  function syncByUrl(config_: SyncByUrl): string | undefined {
    if (status === Status.Off || rejected()) return undefined;
    const ttl = validateSync(config_, idSyncsOff);
    if (typeof ttl === 'string') return ttl;
    if (optIn.state() === 'approved') fireSync(win, String(config_.dpid), String(config_.url), ttl, config_.as ?? 'image');
    return 'Successfully queued';
  }

  return {
    optIn,
    fields,
    // Only tests read these (runtime/declare/tooling.ts): a bundle without tooling drops them and
    // the state behind them.
    ...(TOOLING ? { isClientSideId: () => clientSide, visitStarted: () => visitStart } : {}),
    whenReady(maxWait, callback) {
      if (status !== Status.Loading || optIn.state() !== 'approved') {
        rejected();
        return callback(fields());
      }
      let done = false;
      const once = (f: IdentityFields) => {
        if (done) return;
        done = true;
        callback(f);
      };
      // Called first by the timer or by ready() (or stop()), whichever comes first; the other call does nothing.
      waiters.push(once);
      win.setTimeout(() => once(fields(true)), maxWait);
    },
    setCustomerIds(ids) {
      customerIds = { ...ids };
      if (status === Status.Ready && optIn.state() === 'approved' && serialiseCids() !== customerIdsSent) call();
    },
    idSyncByURL: syncByUrl,
    idSyncByDataSource(c) {
      if (!c || typeof c.dpuuid !== 'string' || !c.dpuuid.length) return 'Error: config or config.dpuuid is empty';
      return syncByUrl({ ...c, url: `//${config.host}/ibs:dpid=${encodeURIComponent(String(c.dpid ?? ''))}&dpuuid=${encodeURIComponent(c.dpuuid)}` });
    },
    supplementalDataId,
  };
}
