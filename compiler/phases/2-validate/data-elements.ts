import type { Diagnostics } from '../../diagnostics';
import type { KindRegistry } from '../../kinds/registry';
import type { LoadResult } from '../1-load';
import { findCycles } from './cycles';
import { dataElementEnvelope } from './envelopes';
import { checkKind, zodIssues } from './kinds';
import { dataElementReads, suggest } from './references';

/** Data elements: shape, kind, unique names, the data elements they read, cycles. Returns name -> file. */
export function validateDataElements(loaded: LoadResult, registry: KindRegistry, diagnostics: Diagnostics): Map<string, string> {
  const deFiles = new Map<string, string>();
  const deEdges = new Map<string, string[]>();
  for (const d of loaded.dataElements) {
    const parsed = dataElementEnvelope.safeParse(d.value);
    if (!parsed.success) {
      zodIssues(parsed.error, (detail, at) => diagnostics.report('invalid_data_element', d.file, { name: d.exportName, detail }, [d.exportName, ...at]));
      continue;
    }
    const prior = deFiles.get(d.exportName);
    if (prior) diagnostics.report('duplicate_data_element', d.file, { name: d.exportName, prior }, [d.exportName]);
    else deFiles.set(d.exportName, d.file);
    checkKind(registry, 'data-elements', d.value, d.file, [d.exportName], diagnostics);
    deEdges.set(d.exportName, dataElementReads(d.value));
  }
  for (const d of loaded.dataElements) {
    for (const name of deEdges.get(d.exportName) ?? []) {
      if (!deFiles.has(name)) {
        diagnostics.report('unknown_data_element', d.file, { name, reader: d.exportName, hint: suggest(name, deFiles.keys()) }, [d.exportName, 'params']);
      }
    }
  }
  for (const cycle of findCycles(deEdges)) {
    const file = deFiles.get(cycle[0]) ?? 'data-elements';
    diagnostics.report('data_element_cycle', file, { cycle }, [cycle[0]]);
  }
  return deFiles;
}
