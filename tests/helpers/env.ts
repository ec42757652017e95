// Environment variables set (a string) or unset (undefined) for one call, and put back as they
// were when it settles (or, with setEnv, when the caller puts them back, as a server's close() does): a file that changes them only so leaves its worker's environment as it
// found it, and shares that worker's loaded modules (tests/setup/isolation.ts reads a test file's
// own writes to process.env as a change that outlives it).

/** Sets (a string) or unsets (undefined) `vars` and returns what puts them back as they were. */
export function setEnv(vars: Record<string, string | undefined>): () => void {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  const set = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  set(vars);
  return () => set(saved);
}

export async function withEnv<T>(vars: Record<string, string | undefined>, run: () => Promise<T>): Promise<T> {
  const restore = setEnv(vars);
  try {
    return await run();
  } finally {
    restore();
  }
}
