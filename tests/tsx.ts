/**
 * How the tests run the project's TypeScript scripts: `process.execPath` with these arguments,
 * Node with tsx's loader. `npx tsx` does the same after npx has looked the package up and tsx has
 * started a second Node: about 0.4 s a process, paid by every server and script a test starts.
 */
export function tsxArgs(script: string, args: readonly string[] = []): string[] {
  return ['--import', 'tsx', script, ...args];
}
