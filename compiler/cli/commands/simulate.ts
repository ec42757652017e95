import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_WAIT, simulate } from '../../simulate';
import type { RespondRule } from '../../simulate/types';
import { rootDir } from './build';

const HELP = `tagc simulate: run a built bundle in happy-dom and print JSON

  --env <env>                 bundle to run (default prod)
  --url <url>                 page URL (default: the project's entry page, from the build's manifest)
  --referrer <url>            document.referrer
  --user-agent <ua>           navigator.userAgent
  --cookie 'k=v'              cookie set before load (repeatable)
  --local 'k=v'               localStorage entry set before load (repeatable)
  --push '<json>'             entry placed in appEventData before the bundle loads (repeatable, in order)
  --after '<json>'            entry pushed after window load (repeatable, in order)
  --wait <ms>                 virtual time to run after the last push (default ${DEFAULT_WAIT})
  --respond 'sub=status:file' answer requests whose URL contains sub (status 0 = network failure; file may be empty)
  --build <dir>               build folder (default ./build)
  --consent <c>               stored consent before load: unset | all | none | comma list of analytics,advertising,performance
  --consent-event <e>         provider callback after load: given | changed:<categories> | declined
  --page-bottom               page code calls _satellite.pageBottom() at the end of the body
  --track '<name>[=<json>]'   page code calls _satellite.track(name, detail) after load (repeatable, in order)
`;

function json(value: string, flag: string): unknown {
  try {
    return JSON.parse(value);
  } catch (error) {
    throw new Error(`${flag} '${value}' is not JSON: ${(error as Error).message}`);
  }
}

export function parseRespond(spec: string): RespondRule {
  const m = /^(.*)=(\d{1,3}):(.*)$/.exec(spec);
  if (!m) throw new Error(`--respond '${spec}' must look like '<url-substring>=<status>:<body-file>'`);
  const status = Number(m[2]);
  if (status !== 0 && (status < 100 || status > 599)) throw new Error(`--respond '${spec}': status must be 0 or 100-599`);
  return { match: m[1], status, body: m[3] ? readFileSync(m[3], 'utf8') : '' };
}

/** `name` or `name=<json detail>`: the name is everything before the first `=`. */
export function parseTrack(spec: string): { name: string; detail?: unknown } {
  const eq = spec.indexOf('=');
  return eq < 0 ? { name: spec } : { name: spec.slice(0, eq), detail: json(spec.slice(eq + 1), '--track') };
}

export async function simulateCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      env: { type: 'string', default: 'prod' },
      url: { type: 'string' },
      referrer: { type: 'string' },
      'user-agent': { type: 'string' },
      cookie: { type: 'string', multiple: true },
      local: { type: 'string', multiple: true },
      push: { type: 'string', multiple: true },
      after: { type: 'string', multiple: true },
      wait: { type: 'string' },
      respond: { type: 'string', multiple: true },
      build: { type: 'string' },
      consent: { type: 'string' },
      'consent-event': { type: 'string' },
      'page-bottom': { type: 'boolean' },
      track: { type: 'string', multiple: true },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const wait = values.wait === undefined ? undefined : Number(values.wait);
  if (wait !== undefined && !(wait >= 0)) throw new Error(`--wait must be a number of milliseconds`);
  const result = await simulate({
    env: values.env!,
    url: values.url,
    referrer: values.referrer,
    userAgent: values['user-agent'],
    cookies: values.cookie,
    local: values.local,
    push: (values.push ?? []).map((p) => json(p, '--push')),
    after: (values.after ?? []).map((p) => json(p, '--after')),
    wait,
    respond: (values.respond ?? []).map(parseRespond),
    buildDir: values.build ?? join(rootDir(), 'build'),
    consent: values.consent,
    consentEvent: values['consent-event'],
    pageBottom: values['page-bottom'],
    track: (values.track ?? []).map(parseTrack),
  });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  return 0;
}
