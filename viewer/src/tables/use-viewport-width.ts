import { useSyncExternalStore } from 'react';

// The window's width, for columns that give way on narrow screens (a 1024 px laptop).

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useViewportWidth(): number {
  return useSyncExternalStore(subscribe, () => window.innerWidth, () => 1280);
}
