// Environment variables set (a string) or unset (undefined) for one call, and put back as they
// were when it settles: a file that changes them only so leaves its worker's environment as it
// found it, and shares that worker's loaded modules (tests/setup/isolation.ts reads a test file's
// own writes to process.env as a change that outlives it).

export async function withEnv<T>(vars: Record<string, string | undefined>, run: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  const set = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  set(vars);
  try {
    return await run();
  } finally {
    set(saved);
  }
}
