import { Msg } from '../core/messages';
import { MBOX_NAME_MAX } from './constants';

// Argument checks of the testing library's API: a problem is a message code whose text is spec
// §5's (runtime/core/messages.ts), so bundles without debug logging carry only the code.

/** A problem with the options, printed by say() or thrown by failure(); none takes an argument. */
export type OptionsProblem = Msg.NoOptions | Msg.NoMbox | Msg.MboxTooLong | Msg.NoSuccess | Msg.NoError | Msg.NoResponse | Msg.NoRequest | Msg.NoExecute | Msg.NoViewName | Msg.NoOffer;

export interface GetOfferOptions {
  mbox: string;
  params?: Record<string, unknown>;
  success: (offers: unknown[]) => void;
  error: (status: string, message: string) => void;
  timeout?: number;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** The first problem with getOffer/applyOffer/trackEvent options, or null; getOffer's (`callbacks`) also need success and error. */
export function mboxProblem(options: unknown, callbacks?: boolean): OptionsProblem | null {
  if (!isObject(options)) return Msg.NoOptions;
  const mbox = options.mbox;
  if (typeof mbox !== 'string' || mbox === '') return Msg.NoMbox;
  if (mbox.length > MBOX_NAME_MAX) return Msg.MboxTooLong;
  if (callbacks && typeof options.success !== 'function') return Msg.NoSuccess;
  if (callbacks && typeof options.error !== 'function') return Msg.NoError;
  return null;
}

/** getOffers/applyOffers (delivery-API shaped) options. */
export function deliveryProblem(options: unknown, kind: 'get' | 'apply'): OptionsProblem | null {
  if (!isObject(options)) return Msg.NoOptions;
  if (kind === 'apply') return isObject(options.response) ? null : Msg.NoResponse;
  const request = options.request;
  if (!isObject(request)) return Msg.NoRequest;
  return isObject(request.execute) || isObject(request.prefetch) ? null : Msg.NoExecute;
}

export function viewNameProblem(name: unknown): OptionsProblem | null {
  return typeof name === 'string' && name.trim() !== '' ? null : Msg.NoViewName;
}
