import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import type { Graph, SimulationSettings } from '../graph-types';
import { BROWSER_SCRIPT } from '../phases/5-emit/browser-build';
import { compressScript } from '../phases/5-emit/compress';
import { containerSource, peerContainer, type PeerOptions } from './peer-container';

// The peer's library, as Launch ships one: the generated container, then Turbine 28.1.0's engine
// (the npm package's browser build), bundled and minified by esbuild and compressed by swc like
// tagc's prod bundle.

const here = dirname(fileURLToPath(import.meta.url));
const CONTAINER = 'bench:launch-container';

export interface PeerBundle {
  code: string;
  bytes: number;
  gzipBytes: number;
  rules: number;
  dataElements: number;
}

export async function buildPeerBundle(graph: Graph, consent: SimulationSettings['consent'], options: Omit<PeerOptions, 'consent'> = {}): Promise<PeerBundle> {
  const container = peerContainer(graph, { ...options, consent });
  const source = containerSource(container, join(here, 'peer', 'extension.ts'));
  const result = await esbuild.build({
    // The container must run before the engine reads it: a module of its own, imported first.
    stdin: { contents: `import ${JSON.stringify(CONTAINER)};\nimport '@adobe/reactor-turbine/dist/engine.js';\n`, resolveDir: here, sourcefile: 'launch-library.js', loader: 'js' },
    plugins: [
      {
        name: 'launch-container',
        setup(build) {
          build.onResolve({ filter: /^bench:launch-container$/ }, () => ({ path: CONTAINER, namespace: 'bench' }));
          build.onLoad({ filter: /.*/, namespace: 'bench' }, () => ({ contents: source, loader: 'js', resolveDir: here }));
        },
      },
    ],
    ...BROWSER_SCRIPT,
  });
  const { code } = await compressScript(result.outputFiles[0].text);
  const buf = Buffer.from(code);
  return { code, bytes: buf.length, gzipBytes: gzipSync(buf, { level: 9 }).length, rules: container.rules.length, dataElements: Object.keys(container.dataElements).length };
}
