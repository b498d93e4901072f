/**
 * Runs SQL statements as the anon role, each in its own transaction, against the database in
 * DATA_DIR or DATABASE_URL (after applying the migrations), and prints one JSON line: per
 * statement its rows or its error's code and message. The tests use it to check what the
 * migration itself enforces, whatever the REST layer in front of it lets through.
 * Statements are read as a JSON array from standard input.
 */
import {text} from 'node:stream/consumers';
import {openWaitlistDatabase} from '../../server/waitlist/database';

export type AnonOutcome =
  | {rows: Record<string, unknown>[]}
  | {error: {code: string; message: string; detail: string | null}};

async function main(): Promise<void> {
  const statements = JSON.parse(await text(process.stdin)) as string[];
  const database = await openWaitlistDatabase({
    dataDir: process.env.DATA_DIR || undefined,
    databaseUrl: process.env.DATABASE_URL || undefined,
  });
  const outcomes: AnonOutcome[] = [];
  try {
    for (const statement of statements) {
      try {
        outcomes.push({rows: await database.asAnon((session) => session.query(statement))});
      } catch (error) {
        const {
          code = '',
          message = '',
          detail,
        } = error as {
          code?: string;
          message?: string;
          detail?: string;
        };
        outcomes.push({error: {code, message, detail: detail ?? null}});
      }
    }
  } finally {
    await database.close();
  }
  process.stdout.write(`${JSON.stringify(outcomes)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
