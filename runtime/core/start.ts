import type { DataElement, EventSource, JsonState, Rule, RuntimeServices } from '../declare/types';
import { createApi, type BuildInfo } from './api';
import { attachDataLayer, dataLayerArray, monitorOverwrite, whenConsentCookie } from './data-layer';
import { createDispatcher } from './dispatch';
import { isAuthorisedHost } from './domain';
import { log, reason } from './log';
import { createMonitors } from './monitor';
import { createResolver } from './resolve';
import { installSatellite, launchMonitors } from './satellite';

// The bundle's entry (generated per environment by compiler/phases/5-emit) calls start() once.
// Nothing here may throw into the host page.

export interface ContainerConfig {
  /** Included rules, sorted in firing order. */
  rules: readonly Rule[];
  /** Event key -> indices into `rules`. */
  table: Readonly<Record<string, readonly number[]>>;
  /** One source per non-data-layer event key that some rule listens to. */
  sources: readonly EventSource[];
  dataElements: Readonly<Record<string, DataElement>>;
  domains: readonly string[];
  build: BuildInfo;
  /** Payload validation; the generated entry passes it only in environments that validate. */
  validate?: (name: string, payload: JsonState) => void;
  /** The data-layer manager (spec §4): events that reset the computed state, the consent cookie to wait for. */
  dataLayer?: { resetBefore?: readonly string[]; consentCookie?: string | null };
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
      log.error(`library not authorised for domain ${win.location.hostname}`);
      return;
    }
    const host = win as unknown as Record<string, unknown>;
    if (host.tagc && typeof host.tagc === 'object') {
      log.warn('tagc is already loaded on this page; the second copy does nothing');
      return;
    }
    return boot(win, config);
  } catch (error) {
    log.error(`Unexpected error: ${reason(error)}`);
  }
}

function boot(win: Window & typeof globalThis, config: ContainerConfig): Runtime {
  const host = win as unknown as Record<string, unknown>;
  const monitors = createMonitors(host.__tagcMonitors);
  const services_: Record<string, unknown> = {};
  let dataLayerPush: (entry: Record<string, unknown>) => void = () => {};
  let currentState: () => JsonState = () => ({});

  const services: RuntimeServices = {
    env: __TAGC_ENV__,
    win,
    log,
    push: (entry) => dataLayerPush(entry),
    emit: (key, name, payload) => dispatcher.dispatch(key, name, payload, currentState()),
    service<T>(name: string, create: () => T): T {
      if (!(name in services_)) services_[name] = create();
      return services_[name] as T;
    },
  };

  const resolver = createResolver({ ...config.dataElements }, services);
  const dispatcher = createDispatcher(config, resolver, services, monitors);

  const api = createApi({
    emit: services.emit,
    getVar: (name) => resolver.scope(currentState(), null).get(name),
    setVar: (name, value) => resolver.setVar(name, value),
    monitor: (hooks) => monitors.add(hooks),
    buildInfo: config.build,
  });
  host.tagc = api;
  const satellite = installSatellite(win, api, services);
  if (satellite) monitors.add(launchMonitors(satellite));
  DEBUG: log.info(`Loaded ${config.build.environment} build ${config.build.hash} with ${config.rules.length} rules`);

  for (const source of config.sources) {
    try {
      source.listen?.((payload) => services.emit(source.key, source.key.replace(/^@/, ""), payload), services);
    } catch (error) {
      log.error(`Failed to listen for "${source.key}": ${reason(error)}`);
    }
  }

  // Until the data layer attaches (it may wait for consent), pushes queue in the page's array.
  const queue = dataLayerArray(win);
  if (Array.isArray(queue)) dataLayerPush = (entry) => void queue.push(entry);
  whenConsentCookie(win, config.dataLayer?.consentCookie, () => {
    const dataLayer = attachDataLayer(win, {
      dispatch: (name, payload, state) => dispatcher.dispatch(name, name, payload, state),
      beforeEvent: config.validate,
      resetBefore: config.dataLayer?.resetBefore,
    });
    if (dataLayer) {
      dataLayerPush = dataLayer.push;
      currentState = dataLayer.state;
      monitorOverwrite(win, dataLayer.array);
    }
  });
  return { services, push: services.push, state: () => currentState() };
}
