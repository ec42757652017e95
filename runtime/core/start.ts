import type { DataElement, EventSource, JsonState, Rule, RuntimeServices, SendCategory } from '../declare/types';
// The imports' order is the core modules' order in a bundle (as runtime/declare/index.ts's exports are
// the kinds'): the egress point first and the data layer last took prod from 32,413 to 32,393 B gzip -9.
// The script's start comes before them all: its statement is the bundle's first.
import { scriptStart } from './script-start';
import { configureEgress, egressBeacon, egressFetch, egressImage, type EgressPolicy } from './egress';
import { consentAllows } from '../consent/gate';
import { configureRedaction } from '../privacy/redact';
import { afterStart, holdAfterStart } from './after-start';
import { createApi, type BuildInfo } from './api';
import type { AttachWhen } from './consent-cookie';
import { createDispatcher, type DispatchTable } from './dispatch';
import { isAuthorisedHost } from './domain';
import { failure, log, reason, say } from './log';
import { Msg } from './messages';
import { loadCompanion, type CompanionRef } from './companion';
import { createMonitors, type Monitors } from './monitor';
import { createResolver, type Resolver } from './resolve';
import { installSatellite, launchMonitors } from './satellite';
import { createSlices, nextSlice, SLICE_MS } from './slices';
import { attachDataLayer, dataLayerArray, type DataLayer } from './data-layer';
import { eventTable } from '../events/table';

// The bundle's entry (generated per environment by compiler/phases/5-emit) calls start() once.
// Nothing here may throw into the host page.

/** What the project's modules declare. */
export interface Declared {
  /** Included rules, sorted in firing order. */
  rules: readonly Rule[];
  dataElements: Readonly<Record<string, DataElement>>;
}

/** The declarations with the rules' dispatch table and sources (runtime/events/table.ts). */
export interface Project extends Declared {
  /** Event key -> indices into `rules`. */
  table: Readonly<Record<string, readonly number[]>>;
  /** One source per non-data-layer event key that some rule listens to. */
  sources: readonly EventSource[];
}

/**
 * The project given made (debug bundles, `tagc simulate`, tests), or, in a bundle without debugging,
 * the function that evaluates its modules (compiler/phases/5-emit/project-function.ts): called once,
 * before the sources attach or when the page first reads a data element, whichever comes first; on
 * a slow start, in start-up's next task.
 */
export type ContainerConfig = Settings & (Project | { project: () => Declared });

export interface Settings {
  domains: readonly string[];
  build: BuildInfo;
  /** Payload validation; the generated entry passes it only in environments that validate. */
  validate?: (name: string, payload: JsonState) => void;
  /** The data-layer manager (spec §4): events that reset the computed state; when it attaches (consent-cookie.ts; default at once). */
  dataLayer?: { resetBefore?: readonly string[]; attachWhen?: AttachWhen };
  /** Builds without debug logging: the debug companion, loaded when the persisted debug flag is on. */
  companion?: CompanionRef;
  /** The egress point's settings (generated entry): the host inventory, declared consent exemptions, redaction. */
  egress?: EgressSettings;
}

export interface EgressSettings {
  hosts: EgressPolicy['hosts'];
  /** Paths where a category needs no consent (the analytics gate's declared exemption, spec §6). */
  exempt?: Partial<Record<SendCategory, readonly string[]>>;
  redact?: { enabled?: boolean; strip?: readonly string[] };
}

export interface Runtime {
  services: RuntimeServices;
  /** Pushes an event into the data layer. */
  push(entry: Record<string, unknown>): void;
  state(): JsonState;
}

export function start(config: ContainerConfig): Runtime | undefined {
  try {
    const win = window;
    if (!isAuthorisedHost(win.location, config.domains)) {
      say(Msg.NotAuthorised, win.location.hostname);
      return;
    }
    const host = win as unknown as Record<string, unknown>;
    if (host.tagc && typeof host.tagc === 'object') {
      say(Msg.AlreadyLoaded);
      return;
    }
    return boot(win, config);
  } catch (error) {
    say(Msg.Unexpected, reason(error));
  }
}

// boot()'s steps, in the order boot() takes them: the services (every other part gets them), the
// egress point before any rule can send, the window APIs before the sources attach (a listener
// may call them), the data layer last, then the held events run.

type Win = Window & typeof globalThis;
type Dispatcher = ReturnType<typeof createDispatcher>;

/** `services.send`: every request of custom code leaves through the egress point (core/egress.ts). */
function sendThroughEgress(win: Win): RuntimeServices['send'] {
  return (category, url, init = {}) => {
    const { via, ...rest } = init;
    if (via === 'beacon') return egressBeacon(win, category, url, typeof rest.body === 'string' ? rest.body : undefined) ? Promise.resolve(undefined) : Promise.reject(failure(Msg.BeaconNotSent));
    if (via === 'image') return egressImage(win, category, url) ? Promise.resolve(undefined) : Promise.reject(failure(Msg.RequestRefusedFailure));
    return egressFetch(win, category, url, rest);
  };
}

/** The egress point's host inventory, consent check and redaction. */
function configureEgressPoint(win: Win, egress: EgressSettings | undefined, services: RuntimeServices, monitors: Monitors): void {
  configureRedaction(egress?.redact);
  configureEgress({
    hosts: egress?.hosts ?? null,
    allows: (category) => consentAllows(services, category) || !!egress?.exempt?.[category]?.includes(win.location.pathname),
    refused: (e) => monitors.emit('requestRefused', e),
  });
}

/** `window.tagc` and, for Launch's page code, `window._satellite` with its monitors. */
function installApis(win: Win, build: BuildInfo, services: RuntimeServices, resolver: Resolver, monitors: Monitors, state: () => JsonState): void {
  const api = createApi(
    services.emit,
    (name) => resolver.scope(state(), null).get(name),
    (name, value) => resolver.setVar(name, value),
    (hooks) => monitors.add(hooks),
    build,
  );
  (win as unknown as Record<string, unknown>).tagc = api;
  const satellite = installSatellite(win, api, services);
  if (satellite) monitors.add(launchMonitors(satellite));
}

/** Attaches the data layer when `attachWhen` says (it may wait for consent; default at once); `attached` gets it. */
function attachDataLayerWhenDue(win: Win, config: ContainerConfig, dispatcher: Dispatcher, attached: (dataLayer: DataLayer) => void): void {
  const attach = () => {
    try {
      const dataLayer = attachDataLayer(win, (name, payload, state) => dispatcher.dispatch(name, name, payload, state), config.dataLayer?.resetBefore, __TAGC_VALIDATE__ ? config.validate : undefined);
      if (dataLayer) attached(dataLayer);
    } catch (error) {
      say(Msg.Unexpected, reason(error));
    }
  };
  const attachWhen = config.dataLayer?.attachWhen;
  if (attachWhen) attachWhen(win, attach);
  else attach();
}

/**
 * A bundle's set-up (evaluation, boot, making the project, attaching the sources) against its part
 * before the slow-start decision (evaluation and boot's steps up to it), where the project is made
 * later: making it and attaching took 2-5 times that part (inlined prod in Chromium, cold loads:
 * the part 0.7-1.9 ms at 1x in most loads, 3.3-30 ms at 4x CPU throttling where it ran throttled;
 * making the project about 3 ms and 12-30 ms), so a set-up of a task's budget is told from a third
 * of it. Evaluation alone (0.3-1 ms at 1x) was too short a span: DevTools' throttle often let it
 * run unthrottled, and boot's steps after it throttled (a third of such loads).
 */
const SET_UP_PER_PART_BEFORE = 3;

/**
 * `config`'s project, made at the first call where `config` gives the function that makes it. A
 * project module that throws as it is made (the bundle threw as it evaluated, before the project
 * function) is said once, and the page gets a project of nothing: the rest of start-up runs (the
 * window APIs, the data layer), no rule runs and a data element reads as undeclared.
 */
function projectOf(config: ContainerConfig): () => Project {
  let made: Project | undefined;
  return () => (made ??= toMake(config) ? withTable(makeProject(config.project)) : config);
}

/** Whether `config` gives the function that makes its project: always in a bundle without debugging (its entry, compiler/phases/5-emit/entry.ts), so that bundle carries no test. */
function toMake(config: ContainerConfig): config is Settings & { project: () => Declared } {
  return !__TAGC_DEBUG__ || 'project' in config;
}

function makeProject(make: () => Declared): Declared {
  try {
    return make();
  } catch (error) {
    say(Msg.ProjectFailed, reason(error));
    return { rules: [], dataElements: {} };
  }
}

/** The declarations with the dispatch table and sources their rules' events need. */
function withTable(declared: Declared): Project {
  return { ...declared, ...eventTable(declared.rules) };
}

function boot(win: Win, config: ContainerConfig): Runtime {
  const project = projectOf(config);
  const startedAt = win.performance?.now?.() ?? 0;
  const monitors = createMonitors((win as unknown as Record<string, unknown>).__tagcMonitors);
  let dataLayerPush: (entry: Record<string, unknown>) => void = () => {};
  let currentState: () => JsonState = () => ({});
  /** True while the sources wait to attach in start-up's next task (below). */
  let early = false;
  const services_: Record<string, unknown> = Object.create(null);
  const services: RuntimeServices = {
    env: __TAGC_ENV__,
    win,
    log,
    push: (entry) => dataLayerPush(entry),
    emit: (key, name, payload) => (early ? nextSlice(() => services.emit(key, name, payload)) : dispatcher.dispatch(key, name, payload, currentState())),
    service<T, A extends unknown[] = []>(name: string, create: (...args: A) => T, ...args: A): T {
      if (!(name in services_)) services_[name] = create(...args);
      return services_[name] as T;
    },
    send: sendThroughEgress(win),
  };
  configureEgressPoint(win, config.egress, services, monitors);
  const resolver = createResolver(() => project().dataElements, services);
  // No event is dispatched before the sources attach, which gives the dispatcher the rules.
  const compiled: DispatchTable = { rules: [], table: {} };
  const dispatcher = createDispatcher(compiled, resolver, services, monitors);
  installApis(win, config.build, services, resolver, monitors, () => currentState());
  const endStart = holdAfterStart(services);
  if (!__TAGC_DEBUG__) loadCompanion(win, config.companion, monitors.add, (task) => afterStart(services, task));
  // Debug bundles give their project made: the log does not make one that is not.
  DEBUG: if ('rules' in config) log.info(`Loaded ${config.build.environment} build ${config.build.hash} with ${config.rules.length} rules`);

  // Events raised while the bundle starts (by a rule, a provider or the page) wait until every
  // source is attached and the data layer has taken its queued entries, then run in order.
  dispatcher.hold();
  // Until the data layer attaches (it may wait for consent), pushes queue in the page's array.
  const queue = dataLayerArray(win);
  if (queue) dataLayerPush = (entry) => void queue.push(entry);
  const attach = () => {
    const { sources } = Object.assign(compiled, project());
    for (const source of sources) {
      try {
        source.listen?.((payload) => {
          const emit = () => dispatcher.dispatch(source.key, source.key.replace(/^@/, ""), payload, currentState(), source.sliced);
          // Attaching late, DOM ready or window loaded raised at once (the page got there meanwhile)
          // waits behind the data layer's entries, where it would have come had it attached at boot.
          early && source.sliced ? nextSlice(emit) : emit();
        }, services);
      } catch (error) {
        say(Msg.ListenFailed, source.key, reason(error));
      }
    }
    early = false;
    attachDataLayerWhenDue(win, config, dispatcher, (dataLayer) => {
      dataLayerPush = dataLayer.push;
      currentState = dataLayer.state;
    });
  };
  // The queued events' rules, in tasks of a few ms; then the work that waited for them. Where
  // start-up is sliced they begin in a microtask, once this script has returned: in Chromium the
  // first cookie or storage read made while the script that holds the bundle still runs waits
  // 5-25 ms (longer the larger the script), and the same read from a microtask does not
  // (docs/benchmarks.md). The microtask runs before the page's next script, in the same task.
  const slices = createSlices(win, startedAt);
  // Where the bundle's own set-up takes a start-up task's budget (a slow device; the same task
  // compiled the bundle too), the project is made and the sources and the data layer attach first
  // thing in start-up's next task (held work, slices.ts), and this task adds only the window APIs.
  // The set-up is told by its part so far (from the bundle's first statement): all of it but the
  // attachment where the project came made, a part of it where the project is still to make
  // (SET_UP_PER_PART_BEFORE). Where that part was quick, the project is made here and the test is
  // taken again on the longer span: if making it used this task's budget, which the first rules
  // would then wait for anyway, the attachment goes with them to the next task (under DevTools'
  // throttle a millisecond can run unthrottled; making the project, several, shows it).
  // Events the page raises meanwhile are held behind that work, so they queue after the sources'
  // own events. Its rules' budget counts from the end of that work, as it counted from boot here.
  if (slices && ((performance.now() - scriptStart) * (toMake(config) ? SET_UP_PER_PART_BEFORE : 1) >= SLICE_MS || (project(), slices.due()))) nextSlice(() => (attach(), slices.restart())), (early = true);
  else attach();
  if (!slices) dispatcher.release(null, endStart);
  else
    queueMicrotask(() => {
      // Outside start()'s own try: nothing may throw into the page from here either.
      try {
        dispatcher.release(slices, endStart);
      } catch (error) {
        say(Msg.Unexpected, reason(error));
      }
    });
  return { services, push: services.push, state: () => currentState() };
}
