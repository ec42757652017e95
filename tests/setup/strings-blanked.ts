/**
 * `source` with the text of its string and template literals blanked (a template's `${…}`
 * expressions kept, line breaks kept), for tests/setup/isolation.ts: code a test file holds as
 * text (a bundle's entry it builds, a module it writes, a script it runs in a context of its own)
 * is not what the file itself does to its process. Comments are kept as they are, and a quoted
 * string ends at its line's end at the latest, so that a quote in a comment or a regular
 * expression blanks no more than the rest of its line.
 */
export function stringsBlanked(source: string): string {
  let out = '';
  // One entry per template being read: -1 in its text, else the braces its `${…}` has open.
  const templates: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    const top = templates.at(-1);
    if (top === -1) {
      if (c === '\\') i++;
      else if (c === '`') (templates.pop(), (out += c));
      else if (c === '$' && source[i + 1] === '{') ((templates[templates.length - 1] = 0), (out += '${'), i++);
      else if (c === '\n') out += c;
      continue;
    }
    if (c === '`') {
      templates.push(-1);
      out += c;
    } else if (c === '/' && (source[i + 1] === '/' || source[i + 1] === '*')) {
      const end = source[i + 1] === '/' ? source.indexOf('\n', i) : source.indexOf('*/', i + 2) + 2;
      const stop = end < 2 ? source.length : end;
      out += source.slice(i, stop);
      i = stop - 1;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < source.length && source[j] !== c && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
      out += source[j] === c ? `${c}${c}` : c;
      i = source[j] === c ? j : j - 1;
    } else {
      if (top !== undefined && c === '{') templates[templates.length - 1] = top + 1;
      if (top !== undefined && c === '}') {
        templates[templates.length - 1] = top - 1;
        if (top === 0) templates[templates.length - 1] = -1;
      }
      out += c;
    }
  }
  return out;
}
