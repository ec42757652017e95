import { ALL_GRANTED, type ConsentProvider } from './types';

/**
 * A site that asks no consent (as a Launch property without a consent manager): every category
 * is granted from the start, and nothing is stored or awaited.
 */
export function impliedProvider(): ConsentProvider {
  return { name: 'implied', read: () => ({ ...ALL_GRANTED }), subscribe: () => undefined, write: () => undefined };
}
