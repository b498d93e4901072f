import {readFileSync} from 'node:fs';

/**
 * A host's configuration file (nginx.conf, Caddyfile beside this file) with each `{{name}}`
 * replaced by its value; a name without a value, or a value the file never uses, is an error.
 */
export function fillTemplate(file: string, values: Record<string, string>): string {
  const unused = new Set(Object.keys(values));
  const filled = readFileSync(file, 'utf8').replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${file}: no value for {{${name}}}`);
    unused.delete(name);
    return value;
  });
  if (unused.size > 0) throw new Error(`${file} never uses ${[...unused].join(', ')}`);
  return filled;
}
