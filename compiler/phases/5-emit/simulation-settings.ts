import type { ConsentCategory } from '../../../runtime/declare/types';
import type { SimulationSettings } from '../../graph-types';
import type { ContainerGraph } from '../3-graph';

// What `tagc simulate` needs to know about the project it runs, learnt from the project and
// written into build/manifest.json, so that the simulator never imports a container: the page URL
// it defaults to (the site configuration's `hosts.entry`, else its first allowed domain) and the
// consent provider of the container's `consentProvider` action (for --consent / --consent-event).

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

function defaultUrl(site: Record<string, unknown> | undefined): string | null {
  const entry = record(site?.hosts).entry;
  if (typeof entry === 'string' && entry) return `https://${entry}/`;
  const domains = site?.allowedDomains;
  const first = Array.isArray(domains) ? domains.find((d): d is string => typeof d === 'string' && d.includes('.')) : undefined;
  return first ? `https://www.${first}/` : null;
}

function consentProvider(graph: ContainerGraph): SimulationSettings['consent'] {
  for (const rule of graph.rules) {
    for (const action of rule.loaded.value.actions) {
      if (action.kind !== 'consentProvider') continue;
      const p = action.params as { provider?: unknown; levels?: unknown; groups?: unknown };
      if (p.provider === 'trustarc') return { provider: 'trustarc', levels: { ...(p.levels as Record<ConsentCategory, number>) } };
      if (p.provider === 'onetrust') return { provider: 'onetrust', groups: { ...(p.groups as Record<ConsentCategory, string>) } };
    }
  }
  return null;
}

export function simulationSettings(graph: ContainerGraph): SimulationSettings {
  const domains = graph.load.site?.value?.allowedDomains;
  const allowedDomains = Array.isArray(domains) ? domains.filter((d): d is string => typeof d === 'string') : [];
  return { url: defaultUrl(graph.load.site?.value), allowedDomains, consent: consentProvider(graph) };
}
