import { join } from 'node:path';
import type { ImportContext, Where } from './context';
import { CORE, type LaunchDataElement } from './format';
import { identifier } from './names';
import { isCode, isUnreadable } from './parse';
import { lit, quote, TsModule } from './source';

// Launch data elements → tagc data elements, one named export each in
// data-elements/launch/data-elements.ts (custom code in data-elements/launch/lib/custom-code.ts).
// Every one is `expose`d: in Launch, page code and custom code can getVar() any of them.

const text = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** Claims the tagc names first, so that rules and custom code can refer to them. */
export function nameDataElements(ctx: ImportContext): void {
  for (const launchName of Object.keys(ctx.container.dataElements)) ctx.deNames.set(launchName, ctx.dePool.claim(identifier(launchName)));
}

/** A factory call without its options: `fn(...args, { ...extra, ...options })`. */
interface Call {
  fn: string;
  args: string[];
  extra?: Record<string, unknown>;
}

/** The factory call of one data element, or null (reported) when its type is not mapped. */
function factory(ctx: ImportContext, m: TsModule, name: string, de: LaunchDataElement, where: Where): Call | null {
  const s = de.settings ?? {};
  const unreadable = Object.values(s).find(isUnreadable);
  if (unreadable) {
    ctx.report.add('not mapped', where.subject, where.component, `its settings hold ${unreadable.$unreadable} (line ${unreadable.line}), which cannot be read without running the library`);
    return null;
  }
  const tokens = Object.entries(s).find(([k, v]) => k !== 'source' && typeof v === 'string' && /%[^%]+%/.test(v));
  if (tokens) {
    ctx.report.add('not mapped', where.subject, where.component, `its setting ${tokens[0]} refers to another data element (${String(tokens[1])})`);
    return null;
  }
  const D = CORE.dataElements;
  const call = (fn: string, ...args: string[]): Call => ({ fn: m.api(fn), args });
  switch (de.modulePath) {
    case D.constant:
      return call('constant', lit(s.value));
    case D.cookie:
      if (text(s.name)) return call('cookie', quote(s.name));
      break;
    case D.localStorage:
      if (text(s.name)) return call('localItem', quote(s.name));
      break;
    case D.sessionStorage:
      if (text(s.name)) return call('sessionItem', quote(s.name));
      break;
    case D.javascriptVariable:
      if (text(s.path)) return call('globalVariable', quote(s.path.trim()));
      break;
    case D.queryStringParameter:
      if (text(s.name)) return { ...call('queryParam', quote(s.name)), extra: s.caseInsensitive ? { caseInsensitive: true } : {} };
      break;
    case D.pageInfo:
      if (['url', 'hostname', 'pathname', 'protocol', 'referrer', 'title'].includes(String(s.attribute))) return call('pageInfo', quote(String(s.attribute)));
      break;
    case D.domAttribute:
      if (text(s.elementSelector) && text(s.elementProperty)) return call('domAttribute', quote(s.elementSelector), quote(s.elementProperty));
      break;
    case D.customCode: {
      if (!isCode(s.source)) break;
      const code = ctx.code('data-elements', join(ctx.paths.out, 'data-elements', 'launch', 'lib', 'custom-code.ts'));
      const fn = code.add(`read ${name}`, s.source.params, s.source.body, `${where.subject}: Core custom code, called with Launch's event.`, where);
      if (!fn) return null;
      m.from(code.file, fn);
      return call('computed', `(ctx) => ${fn}.call(undefined, ${m.api('launchEvent')}(ctx))`);
    }
    default:
      ctx.report.add('not mapped', where.subject, where.component, `no tagc kind for the data-element type ${de.modulePath}`);
      return null;
  }
  ctx.report.add('not mapped', where.subject, where.component, `its settings are incomplete: ${JSON.stringify(s)}`);
  return null;
}

/** The options of a data element: default, lower case, clean text, storage, expose. */
function options(de: LaunchDataElement, launchName: string): Record<string, unknown> {
  let dflt = de.defaultValue;
  // Launch cleans and lower-cases after applying the default; tagc does so before, so the default is stored that way.
  if (typeof dflt === 'string' && de.cleanText) dflt = dflt.replace(/\s+/g, ' ').trim();
  if (typeof dflt === 'string' && de.forceLowerCase) dflt = dflt.toLowerCase();
  return {
    description: `Launch data element "${launchName}"`,
    default: dflt === '' || dflt == null ? undefined : dflt,
    lowerCase: de.forceLowerCase || undefined,
    clean: de.cleanText || undefined,
    storage: de.storageDuration || undefined,
    expose: true,
  };
}

/** data-elements/launch/data-elements.ts, or null when the library has none that map. */
export function dataElementsModule(ctx: ImportContext): { file: string; source: string } | null {
  const file = join(ctx.paths.out, 'data-elements', 'launch', 'data-elements.ts');
  const m = new TsModule(file, ctx.paths.declare);
  const lines: string[] = [];
  for (const [launchName, de] of Object.entries(ctx.container.dataElements)) {
    const name = ctx.deNames.get(launchName)!;
    const where = { subject: `data element "${launchName}"`, component: de?.modulePath ?? '' };
    if (!de || typeof de !== 'object' || typeof de.modulePath !== 'string') {
      ctx.report.add('not mapped', where.subject, '', 'it has no module path');
      ctx.deNames.delete(launchName);
      continue;
    }
    const c = factory(ctx, m, name, de, where);
    // Tokens and getVar() calls naming a data element that did not map are reported where they occur.
    if (!c) ctx.deNames.delete(launchName);
    else lines.push(`export const ${name} = ${c.fn}(${[...c.args, lit({ ...c.extra, ...options(de, launchName) })].join(', ')});`);
  }
  if (!lines.length) return null;
  return { file, source: m.render(['Data elements imported from Adobe Launch. Each is exposed to _satellite.getVar(), as every data element is in Launch.'], lines.join('\n')) };
}
