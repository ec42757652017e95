import { lazy, type ComponentType } from 'react';
import type { View } from '../routing/route';
import type { ViewProps } from './view-props';

// The views that are chunks of their own (the graph carries React Flow and its layout; Preview
// talks to `tagc serve`; Compare carries the structural diff). Each chunk is fetched once: when
// the view is rendered, or earlier when the user points at or focuses its tab, or when the page
// opens on it (then in parallel with the build's JSON rather than after it).

const loaders = {
  graph: () => import('./graph-view').then((m) => ({ default: m.GraphView })),
  compare: () => import('./compare-view').then((m) => ({ default: m.CompareView })),
  preview: () => import('./preview-view').then((m) => ({ default: m.PreviewView })),
} satisfies Partial<Record<View, () => Promise<{ default: ComponentType<ViewProps> }>>>;

type LazyView = keyof typeof loaders;
const started = new Map<LazyView, Promise<{ default: ComponentType<ViewProps> }>>();

const isLazy = (view: View): view is LazyView => Object.hasOwn(loaders, view);

function load(view: LazyView): Promise<{ default: ComponentType<ViewProps> }> {
  let p = started.get(view);
  if (!p) {
    p = loaders[view]();
    // A failed fetch is retried on the next attempt; the error boundary reports this one.
    p.catch(() => started.delete(view));
    started.set(view, p);
  }
  return p;
}

/** Starts fetching a view's chunk, if it has one; safe to call again. */
export function preloadView(view: View): void {
  if (isLazy(view)) void load(view).catch(() => undefined);
}

export const LAZY_VIEWS: Record<LazyView, ComponentType<ViewProps>> = {
  graph: lazy(() => load('graph')),
  compare: lazy(() => load('compare')),
  preview: lazy(() => load('preview')),
};
