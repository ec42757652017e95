import type { ContainerGraph } from '../3-graph';
import type { SiteValidation } from './validators';

// The schema service's documents (spec §5, §7): one JSON Schema per validated event at
// schemas/{prefix}/{organization}/{property}/{build}/{event}.json under build/, for the CDN to
// serve at https://{schema host}/…. The file name is the event name as is; requests encode it
// (`Multi-Media Reached 75%` is fetched as `Multi-Media%20Reached%2075%25.json`). `Disabled`
// events get no document, so the service answers 404 and the runtime caches an empty schema.

export function schemaFolder(site: SiteValidation, build: string): string | null {
  if (!site.service) return null;
  const { prefix, organization, property } = site.service;
  return ['schemas', prefix, organization, property, build].join('/');
}

/** Paths (relative to build/) and contents of the schema documents, plus an index.json listing them. */
export function schemaDocuments(graph: ContainerGraph, site: SiteValidation, build: string): Record<string, string> {
  const folder = schemaFolder(site, build);
  if (!folder) return {};
  const files: Record<string, string> = {};
  const events: string[] = [];
  for (const { node } of [...graph.schemas.values()].sort((a, b) => a.node.event.localeCompare(b.node.event))) {
    if (node.provider !== 'Apollo') continue;
    if (/[/\\]/.test(node.event)) throw new Error(`event "${node.event}" cannot name a schema document (it contains a slash)`);
    const doc = { $schema: 'http://json-schema.org/draft-07/schema#', title: node.event, description: node.description, ...node.schema };
    files[`${folder}/${node.event}.json`] = JSON.stringify(doc, null, 2) + '\n';
    events.push(node.event);
  }
  files[`${folder}/index.json`] = JSON.stringify({ build, events }, null, 2) + '\n';
  return files;
}
