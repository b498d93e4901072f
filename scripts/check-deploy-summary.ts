/**
 * The end of `npm run check-deploy`: reads jest's JSON report of tests/conformance/deployed.test.ts
 * and prints one line per check, a failing one with its cause and fix, and where the details are.
 *   npx tsx scripts/check-deploy-summary.ts <report.json> <log file>
 */
import {readFileSync} from 'node:fs';

interface Report {
  numFailedTests: number;
  numPassedTests: number;
  testResults: {
    message: string;
    assertionResults: {title: string; status: string; failureMessages: string[]}[];
  }[];
}

function summary(report: Report, log: string): string[] {
  const lines = report.testResults.flatMap(({message, assertionResults}) => {
    // A suite that failed before its checks ran (a syntax error, a missing file).
    if (assertionResults.length === 0 && message) return [`✗ ${message.trim().split('\n')[0]}`];
    return assertionResults.map(({title, status, failureMessages}) =>
      status === 'passed'
        ? `✓ ${title}`
        : `✗ ${failureMessages[0]?.split('\n')[0]?.replace(/^Error: /, '') ?? title}`,
    );
  });
  const total = report.numPassedTests + report.numFailedTests;
  const verdict =
    report.numFailedTests === 0
      ? `All ${total} checks passed (details: ${log}).`
      : `${report.numFailedTests} of ${total} checks failed (each ✗ names the cause); details: ${log}`;
  return [...lines, verdict];
}

const [reportFile, log = ''] = process.argv.slice(2);
try {
  const report = JSON.parse(readFileSync(reportFile ?? '', 'utf8')) as Report;
  process.stdout.write(`${summary(report, log).join('\n')}\n`);
} catch (error) {
  console.error(`No report of the checks (${String(error)}); jest's own output: ${log}`);
  process.exit(1);
}
