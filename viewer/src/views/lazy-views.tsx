import { useEffect, useState, type ComponentType } from 'react';
import type { View } from '../routing/route';
import type { ViewProps } from './view-props';

// The views that are chunks of their own (the graph carries React Flow and its layout; Preview
// talks to `tagc serve`; Compare carries the structural diff). Each chunk is fetched once: when
// the view is rendered, or earlier when the user points at or focuses its tab, or when the page
// opens on it (then in parallel with the build's JSON rather than after it). Not React.lazy:
// Suspense holds back content that resolves soon after its fallback (React throttles reveals by
// about 300 ms), which was a third of the graph's time to first paint at 5,000 rules; a chunk
// already fetched renders at once.

const loaders = {
  graph: () => import('./graph-view').then((m) => ({ default: m.GraphView })),
  compare: () => import('./compare-view').then((m) => ({ default: m.CompareView })),
  preview: () => import('./preview-view').then((m) => ({ default: m.PreviewView })),
} satisfies Partial<Record<View, () => Promise<{ default: ComponentType<ViewProps> }>>>;

type LazyView = keyof typeof loaders;
const started = new Map<LazyView, Promise<{ default: ComponentType<ViewProps> }>>();
const ready = new Map<LazyView, ComponentType<ViewProps>>();

const isLazy = (view: View): view is LazyView => Object.hasOwn(loaders, view);

function load(view: LazyView): Promise<{ default: ComponentType<ViewProps> }> {
  let p = started.get(view);
  if (!p) {
    p = loaders[view]();
    p.then((m) => ready.set(view, m.default)).catch(() => undefined);
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

function lazyView(view: LazyView): ComponentType<ViewProps> {
  function Lazy(props: ViewProps) {
    const [View, setView] = useState<ComponentType<ViewProps> | undefined>(() => ready.get(view));
    const [failed, setFailed] = useState<unknown>(null);
    useEffect(() => {
      if (View) return;
      let live = true;
      load(view).then(
        (m) => live && setView(() => m.default),
        (error: unknown) => live && setFailed(error ?? new Error(`the ${view} view could not be loaded`)),
      );
      return () => {
        live = false;
      };
    }, [View]);
    // Thrown while rendering, so the view's error boundary reports it.
    if (failed) throw failed;
    return View ? <View {...props} /> : <p className="loading">Loading the {view} view…</p>;
  }
  Lazy.displayName = `Lazy(${view})`;
  return Lazy;
}

export const LAZY_VIEWS: Record<LazyView, ComponentType<ViewProps>> = {
  graph: lazyView('graph'),
  compare: lazyView('compare'),
  preview: lazyView('preview'),
};
