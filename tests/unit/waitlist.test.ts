import type {SupabaseClient} from '@supabase/supabase-js';
import {
  WAITLIST_MESSAGES,
  checkConnection,
  isValidEmail,
  joinWaitlist,
  toOutcome,
} from '../../src/lib/waitlist';

describe('e-mail check on submit', () => {
  it.each(['', '   ', 'no-at-sign.example.com'])('rejects %p', (value) => {
    expect(isValidEmail(value)).toBe(false);
  });

  it.each(['ada@example.com', '  ada@example.com  '])('accepts %p', (value) => {
    expect(isValidEmail(value)).toBe(true);
  });
});

describe('the error catalogue', () => {
  it('says thanks on success', () => {
    expect(toOutcome({error: null, status: 201})).toEqual({
      kind: 'success',
      message: "Thanks for joining our waitlist! We'll keep you updated.",
    });
  });

  it('shows "This email is already on our waitlist" for a duplicate (23505)', () => {
    expect(
      toOutcome({error: {code: '23505', message: 'duplicate key value'}, status: 409}),
    ).toEqual({
      kind: 'error',
      message: 'This email is already on our waitlist',
    });
  });

  it('shows "Database error: {message}" for any other database error', () => {
    const error = {code: '23514', message: 'new row violates check constraint'};
    expect(toOutcome({error, status: 400}).message).toBe(
      'Database error: new row violates check constraint',
    );
  });

  it('falls back to the code when a database error has no message', () => {
    expect(toOutcome({error: {code: 'PGRST204', message: ''}, status: 400}).message).toBe(
      'Database error: PGRST204',
    );
  });

  it.each([
    ['a 502 from a proxy whose upstream dropped the connection', 502, '<html>Bad Gateway</html>'],
    ['a 504 from a proxy whose upstream never answered', 504, ''],
    ['an HTML error page in place of the database', 404, '<!DOCTYPE html><title>Oops'],
  ])('says something went wrong for %s', (_what, status, message) => {
    expect(toOutcome({error: {message}, status}).message).toBe(
      'Something went wrong. Please try again later.',
    );
  });

  it('says something went wrong when the request never reached a server', () => {
    const error = {code: '', message: 'TypeError: Failed to fetch'};
    expect(toOutcome({error, status: 0}).message).toBe(
      'Something went wrong. Please try again later.',
    );
  });
});

/** A stand-in for the one supabase-js chain each call uses. */
function clientAnswering(answer: () => Promise<unknown>) {
  const calls: {table: string; payload?: unknown; columns?: string; options?: unknown}[] = [];
  const client = {
    from(table: string) {
      const call: (typeof calls)[number] = {table};
      calls.push(call);
      return {
        insert(payload: unknown) {
          call.payload = payload;
          return {
            select: (columns: string) => {
              call.columns = columns;
              return answer();
            },
          };
        },
        select(columns: string, options: unknown) {
          call.columns = columns;
          call.options = options;
          return {limit: () => answer()};
        },
      };
    },
  };
  return {client: client as unknown as SupabaseClient, calls};
}

describe('joining the waitlist', () => {
  it('inserts the trimmed address and selects back only the id', async () => {
    const {client, calls} = clientAnswering(() => Promise.resolve({error: null, status: 201}));
    await expect(joinWaitlist(client, '  ada@example.com ')).resolves.toEqual({
      kind: 'success',
      message: WAITLIST_MESSAGES.success,
    });
    expect(calls).toEqual([
      {table: 'waitlist_emails', payload: {email: 'ada@example.com'}, columns: 'id'},
    ]);
  });

  it('rejects an address without @ before calling the database', async () => {
    const {client, calls} = clientAnswering(() => Promise.resolve({error: null, status: 201}));
    await expect(joinWaitlist(client, 'ada')).resolves.toEqual({
      kind: 'error',
      message: 'Please provide a valid email address',
    });
    expect(calls).toEqual([]);
  });

  it('turns an unexpected exception into "Something went wrong", and logs what it was', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const boom = new Error('boom');
    const {client} = clientAnswering(() => Promise.reject(boom));
    await expect(joinWaitlist(client, 'ada@example.com')).resolves.toEqual({
      kind: 'error',
      message: 'Something went wrong. Please try again later.',
    });
    expect(warn).toHaveBeenCalledWith('Waitlist: the sign-up failed unexpectedly.', boom);
    warn.mockRestore();
  });
});

describe('the connection test', () => {
  it('counts ids without reading rows, and is healthy with a count', async () => {
    const {client, calls} = clientAnswering(() =>
      Promise.resolve({status: 206, count: 3, error: null}),
    );
    await expect(checkConnection(client)).resolves.toBe(true);
    expect(calls[0]).toMatchObject({columns: 'id', options: {count: 'exact', head: true}});
  });

  it('is unhealthy when a failed HEAD comes back with no error and no count', async () => {
    const {client} = clientAnswering(() =>
      Promise.resolve({status: 204, count: null, error: null}),
    );
    await expect(checkConnection(client)).resolves.toBe(false);
  });
});
