import { MBOX_NAME_MAX } from './constants';

// Argument checks of the testing library's API, with the messages of spec §5.

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

/** The first problem with getOffer/applyOffer/trackEvent options, or null. */
export function mboxProblem(options: unknown, needs: { success?: boolean; error?: boolean } = {}): string | null {
  if (!isObject(options)) return 'options argument is required';
  const mbox = options.mbox;
  if (typeof mbox !== 'string' || mbox === '') return 'mbox option is required';
  if (mbox.length > MBOX_NAME_MAX) return 'mbox option is too long';
  if (needs.success && typeof options.success !== 'function') return 'success option is required';
  if (needs.error && typeof options.error !== 'function') return 'error option is required';
  return null;
}

/** getOffers/applyOffers (delivery-API shaped) options. */
export function deliveryProblem(options: unknown, kind: 'get' | 'apply'): string | null {
  if (!isObject(options)) return 'options argument is required';
  if (kind === 'apply') return isObject(options.response) ? null : 'response option is required';
  const request = options.request;
  if (!isObject(request)) return 'request option is required';
  return isObject(request.execute) || isObject(request.prefetch) ? null : 'execute or prefetch is required';
}

export function viewNameProblem(name: unknown): string | null {
  return typeof name === 'string' && name.trim() !== '' ? null : 'view name must be a non-empty string';
}
