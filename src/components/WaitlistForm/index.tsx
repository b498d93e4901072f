import {useEffect, useId, useRef, useState, type ReactNode, type SyntheticEvent} from 'react';
import type {SupabaseClient} from '@supabase/supabase-js';
import Link from '@docusaurus/Link';
import {ToastContainer, toast} from 'react-toastify';
import {LOCAL_ANON_KEY} from '@site/src/data/waitlist';
import {useSiteSettings} from '@site/src/hooks/useSiteSettings';
import {createAnonClient} from '@site/src/lib/supabase';
import {
  TOAST_DURATION_MS,
  WAITLIST_MESSAGES,
  checkConnection,
  isValidEmail,
  joinWaitlist,
  type Outcome,
} from '@site/src/lib/waitlist';
import styles from './styles.module.css';

function showToast({kind, message}: Outcome): void {
  toast[kind](message, {autoClose: TOAST_DURATION_MS});
}

/** Where the form talks to: the configured Supabase project, or the site's own local stand-in. */
function useSupabaseClient(): () => Promise<SupabaseClient> {
  const {supabaseUrl, supabaseAnonKey} = useSiteSettings();
  const client = useRef<Promise<SupabaseClient> | null>(null);
  return () => {
    client.current ??= createAnonClient(
      supabaseUrl || window.location.origin,
      supabaseAnonKey || LOCAL_ANON_KEY,
    );
    return client.current;
  };
}

/** "Join the waitlist" for a product that is coming soon. */
export default function WaitlistForm({productTitle}: {productTitle: string}): ReactNode {
  const inputId = useId();
  const noticeId = useId();
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const getClient = useSupabaseClient();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // Typed in the served page before the form came to life: keep it.
    const typed = input.current?.value;
    if (typed) setEmail(typed);
  }, []);

  useEffect(() => {
    void getClient()
      .then(checkConnection)
      .then((healthy) => {
        if (!healthy) console.warn('Waitlist: the connection test to the database failed.');
      });
    // Once, on mount: a count-only request that tells whether the database answers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isValidEmail(email)) {
      showToast({kind: 'error', message: WAITLIST_MESSAGES.invalidEmail});
      return;
    }
    setSubmitting(true);
    try {
      const outcome = await joinWaitlist(await getClient(), email);
      showToast(outcome);
      if (outcome.kind === 'success') setEmail('');
    } catch {
      showToast({kind: 'error', message: WAITLIST_MESSAGES.unexpected});
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <>
      {/* isValidEmail runs on submit and shows its toast; the browser's bubble would pre-empt it. */}
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <label htmlFor={inputId} className={styles.label}>
          Get an e-mail when {productTitle} launches
        </label>
        <div className={styles.row}>
          <input
            ref={input}
            id={inputId}
            className={styles.input}
            type="email"
            name="email"
            required
            autoComplete="email"
            inputMode="email"
            aria-describedby={noticeId}
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <button type="submit" className="gl-button" disabled={submitting} aria-busy={submitting}>
            {submitting ? 'Joining…' : 'Join the waitlist'}
          </button>
        </div>
        <p id={noticeId} className={styles.notice}>
          We use your address only to tell you about this launch. See our{' '}
          <Link to="/gotcha-screen-translator/privacy-policy#the-website">privacy policy</Link>.
        </p>
      </form>
      <ToastContainer position="bottom-center" autoClose={TOAST_DURATION_MS} newestOnTop />
    </>
  );
}
