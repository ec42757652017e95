#!/usr/bin/env node
// The `tagc` command. Declarations and the compiler are TypeScript; tsx loads them as they are.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
