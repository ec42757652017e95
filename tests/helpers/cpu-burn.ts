// Source text for a Node script (`node -e`, a Worker's eval) that uses a set amount of CPU, not of
// wall time: the machine may be loaded. User and system time count together: each cpuUsage() is a
// system call, and a loop that waited for user time alone spent about 5 times as much in the kernel.

/** A block that runs until its thread has used `ms` of CPU. */
export const burnCpu = (ms: number): string =>
  `{ const t = process.cpuUsage(); const used = () => { const u = process.cpuUsage(t); return u.user + u.system; }; while (used() < ${ms * 1000}); }`;
