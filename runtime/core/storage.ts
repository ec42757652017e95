// Web Storage that never throws: disabled storage, a full quota or a corrupt JSON entry all
// read as "nothing stored".

export type StorageArea = 'local' | 'session';

/** The storage (its getter throws where storage is disabled: every caller reads it inside a try). */
function area(kind: StorageArea): Storage | undefined {
  return globalThis[`${kind}Storage`];
}

export function getItem(kind: StorageArea, key: string): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores the value; nothing is stored where storage is disabled or full (no caller needs to know). */
export function setItem(kind: StorageArea, key: string, value: string): void {
  try {
    // No storage throws here too.
    area(kind)!.setItem(key, value);
  } catch {
    // Not stored.
  }
}

export function removeItem(kind: StorageArea, key: string): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // Storage disabled: nothing to remove.
  }
}

export function getJson<T>(kind: StorageArea, key: string): T | undefined {
  const raw = getItem(kind, key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

export function setJson(kind: StorageArea, key: string, value: unknown): void {
  try {
    setItem(kind, key, JSON.stringify(value));
  } catch {
    // A value JSON cannot write (a cycle, a BigInt): not stored.
  }
}
