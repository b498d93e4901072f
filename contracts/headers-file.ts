/**
 * The `_headers` file the build writes for static hosts (Netlify and Cloudflare Pages use this
 * format), and reads it, so the local server sends exactly the headers a CDN deploy sends.
 *
 *   /assets/*
 *     Cache-Control: public, max-age=31536000, immutable
 */
export interface HeaderRule {
  pattern: string;
  headers: [name: string, value: string][];
}

/** The `_headers` file (Netlify / Cloudflare Pages format) that static hosts and server/ apply. */
export function headersFile(rules: readonly HeaderRule[]): string {
  const lines = rules.flatMap(({pattern, headers}) => [
    pattern,
    ...headers.map(([name, value]) => `  ${name}: ${value}`),
  ]);
  return [
    '# Written by build-steps/host-configs at build time. Do not edit: rebuild.',
    ...lines,
    '',
  ].join('\n');
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '' || line.trim().startsWith('#')) return;
    if (!/^\s/.test(line)) {
      rules.push({pattern: line.trim(), headers: []});
      return;
    }
    const separator = line.indexOf(':');
    const rule = rules.at(-1);
    if (!rule || separator < 0) {
      throw new Error(`_headers line ${index + 1} is not "Name: value" under a path: ${line}`);
    }
    rule.headers.push([line.slice(0, separator).trim(), line.slice(separator + 1).trim()]);
  });
  return rules;
}

function matches(pattern: string, urlPath: string): boolean {
  return pattern.endsWith('*') ? urlPath.startsWith(pattern.slice(0, -1)) : pattern === urlPath;
}

/** Headers for a path: every matching rule applies, later rules overriding earlier ones. */
export function headersFor(rules: readonly HeaderRule[], urlPath: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const rule of rules) {
    if (!matches(rule.pattern, urlPath)) continue;
    for (const [name, value] of rule.headers) result.set(name.toLowerCase(), value);
  }
  return result;
}
