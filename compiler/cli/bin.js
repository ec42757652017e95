#!/usr/bin/env node
// The `tagc` command. The compiler runs precompiled (./precompiled.js, rebuilt whenever a source
// changes); tsx loads the container's own TypeScript, registered when a run first needs it
// (compiler/load-typescript.ts), or up front when the compiler itself runs from its sources.
import { loadCompiled } from './precompiled.js';

let registered;
const registerTsx = () => (registered ??= import('tsx/esm/api').then(({ register }) => void register()));
globalThis[Symbol.for('tagc.loadTypeScript')] = registerTsx;

const compiled = await loadCompiled();
if (!compiled) await registerTsx();
const { main } = compiled ?? (await import('./main.ts'));
process.exitCode = await main(process.argv.slice(2));
