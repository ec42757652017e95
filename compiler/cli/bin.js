#!/usr/bin/env node
// The `tagc` command. The compiler runs precompiled (./precompiled.js, rebuilt whenever a source
// changes); tsx still loads the container's own TypeScript (declarations, scenarios) as it is.
import { register } from 'tsx/esm/api';
import { loadCompiled } from './precompiled.js';

register();
const { main } = (await loadCompiled()) ?? (await import('./main.ts'));
process.exitCode = await main(process.argv.slice(2));
