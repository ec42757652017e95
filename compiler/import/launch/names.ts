// Names for what the importer writes: kebab-case rule ids and file names, data-element names
// that are JavaScript identifiers (the export name is the name in tagc), each unique.

const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await arguments eval undefined'.split(' '),
);

function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

/** `Page View: Home` → `page-view-home` (a rule id and file name). */
export function kebab(text: string): string {
  return words(text).join('-').toLowerCase() || 'rule';
}

/** A JavaScript identifier for a Launch data-element name: kept when it already is one, else camelCase. */
export function identifier(text: string): string {
  if (/^[A-Za-z_$][\w$]*$/.test(text) && !RESERVED.has(text)) return text;
  const w = words(text).map((s) => s.toLowerCase());
  const id = w.map((s, i) => (i ? s[0].toUpperCase() + s.slice(1) : s)).join('') || 'dataElement';
  return /^[0-9]/.test(id) || RESERVED.has(id) ? `de${id[0].toUpperCase()}${id.slice(1)}` : id;
}

/** Hands out names, adding -2, -3 (or 2, 3 for identifiers) to repeats. */
export class NamePool {
  private readonly taken = new Set<string>();
  constructor(private readonly separator: '-' | '' = '-') {}

  claim(wanted: string): string {
    let name = wanted;
    for (let n = 2; this.taken.has(name.toLowerCase()); n++) name = `${wanted}${this.separator}${n}`;
    this.taken.add(name.toLowerCase());
    return name;
  }

  has(name: string): boolean {
    return this.taken.has(name.toLowerCase());
  }
}
