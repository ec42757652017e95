/** The command that runs tsc (its native executable, else `node typescript/bin/tsc`): the executable and its leading arguments. */
export function tscCommand(): Promise<string[]>;
