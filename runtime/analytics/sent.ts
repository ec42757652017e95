import type { Transport } from './transport';

// Who hears each analytics hit as it leaves a client: the QA action (runtime/qa/report.ts) and
// tests. A listener is registered here rather than on the client, so that a bundle whose rules
// listen to nothing never assigns `listeners`: the minifier then knows it stays null and drops
// the client's call with the table (prod carries none of it). Null, not undefined: swc folds a
// variable that keeps its initial value, not one declared without one.

export interface SentHit {
  url: string;
  transport: Transport;
}

type Listener = (hit: SentHit) => void;

let listeners: WeakMap<object, Listener[]> | null = null;

/** Calls `listener` with each hit `client` sends from now on. */
export function onSend(client: object, listener: Listener): void {
  listeners ??= new WeakMap();
  listeners.set(client, [...(listeners.get(client) ?? []), listener]);
}

/** Tells the client's listeners that a hit left. */
export function hitSent(client: object, hit: SentHit): void {
  if (listeners) for (const l of listeners.get(client) ?? []) l(hit);
}
