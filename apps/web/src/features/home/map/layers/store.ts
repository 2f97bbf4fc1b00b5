import { useSyncExternalStore } from 'react';
import { DEFAULT_OPACITY } from './utils.ts';

/** One shown raster layer and its opacity (0–1). */
export interface TActiveLayer {
  id: number;
  opacity: number;
}

/**
 * The raster layers shown on the home map, in the order they were switched on, shared by the layer panel
 * (side) and the legends (over the map), which mount in different places of HomeMap.
 */
let active: TActiveLayer[] = [];
const listeners = new Set<() => void>();

function emit(next: TActiveLayer[]) {
  active = next;
  for (const listener of listeners) listener();
}

export const activeLayers = {
  get: (): TActiveLayer[] => active,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  toggle(id: number, isOn: boolean): void {
    const has = active.some((l) => l.id === id);
    if (isOn && !has) emit([...active, { id, opacity: DEFAULT_OPACITY }]);
    if (!isOn && has) emit(active.filter((l) => l.id !== id));
  },
  setOpacity(id: number, opacity: number): void {
    emit(active.map((l) => (l.id === id ? { ...l, opacity: Math.min(1, Math.max(0, opacity)) } : l)));
  },
  /** Keeps only layers that still exist (after a layer was deleted). */
  retain(ids: ReadonlySet<number>): void {
    if (active.some((l) => !ids.has(l.id))) emit(active.filter((l) => ids.has(l.id)));
  },
  clear(): void {
    if (active.length > 0) emit([]);
  },
};

export function useActiveLayers(): TActiveLayer[] {
  return useSyncExternalStore(activeLayers.subscribe, activeLayers.get, activeLayers.get);
}
