import type { PreviewAnswer, PreviewInfo, PreviewInput } from '../../../compiler/serve/preview';
import type { SimulateResult } from '../../../compiler/simulate/types';

// Talks to `tagc serve`'s Preview endpoint, one folder above the viewer like the build files.
// A viewer published as static files has no such endpoint: `available` says so.

const endpoint = (): string => new URL('../api/preview', window.location.href).href;

export type PreviewAvailability = { available: true; info: PreviewInfo } | { available: false; reason: string };

export async function previewAvailability(): Promise<PreviewAvailability> {
  try {
    const res = await fetch(endpoint(), { cache: 'no-store' });
    const info = res.ok && (res.headers.get('content-type') ?? '').includes('json') ? ((await res.json()) as Partial<PreviewInfo>) : null;
    if (info?.available === true) return { available: true, info: info as PreviewInfo };
    return { available: false, reason: `no Preview endpoint here (HTTP ${res.status})` };
  } catch (error) {
    return { available: false, reason: String(error) };
  }
}

export async function runPreview(input: PreviewInput, signal?: AbortSignal): Promise<SimulateResult> {
  const res = await fetch(endpoint(), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(input), signal });
  let answer: PreviewAnswer;
  try {
    answer = (await res.json()) as PreviewAnswer;
  } catch {
    throw new Error(`the Preview endpoint answered HTTP ${res.status} without JSON`);
  }
  if ('result' in answer) return answer.result;
  const where = answer.issues?.map((i) => `${i.path}: ${i.message}`).join('; ');
  throw new Error(where ? `${answer.error} (${where})` : answer.error);
}
