/** Loads the packages a simulation imports, before a process registers tsx (see packages.mjs). */
export function loadSimulationPackages(): Promise<void>;
