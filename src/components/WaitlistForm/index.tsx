import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import type {SupabaseClient} from '@supabase/supabase-js';
import Link from '@docusaurus/Link';
import {LOCAL_ANON_KEY} from '@site/contracts/waitlist';
import {useSiteSettings} from '@site/src/hooks/useSiteSettings';
import {createAnonClient} from '@site/src/lib/supabase';
import {
  WAITLIST_CALL_TIMEOUT_MS,
  WAITLIST_MESSAGES,
  checkConnection,
  isValidEmail,
  joinWaitlist,
  type Outcome,
} from '@site/src/lib/waitlist';
import styles from './styles.module.css';

const Toasts = lazy(() => import('./toasts'));

/** Where the form talks to: the configured Supabase project, or the site's own local stand-in. */
function useSupabaseClient(): () => Promise<SupabaseClient> {
  const {supabaseUrl, supabaseAnonKey} = useSiteSettings();
  const client = useRef<Promise<SupabaseClient> | null>(null);
  return () => {
    client.current ??= createAnonClient(
      supabaseUrl || window.location.origin,
      supabaseAnonKey || LOCAL_ANON_KEY,
      WAITLIST_CALL_TIMEOUT_MS,
    );
    return client.current;
  };
}

/** The address in the form's field, as the browser holds it. */
function fieldValue(form: HTMLFormElement): string {
  const value = new FormData(form).get('email');
  return typeof value === 'string' ? value : '';
}

/**
 * "Join the waitlist", under each product that is coming soon. There is one list: a sign-up stores
 * only the address (the insert is `{email}`, into the one table), so the form promises one e-mail,
 * at the next launch, whichever product it is under.
 */
export default function WaitlistForm(): ReactNode {
  const inputId = useId();
  const noticeId = useId();
  const [submitting, setSubmitting] = useState(false);
  const [toastsShown, setToastsShown] = useState(false);
  const showToast = async (outcome: Outcome) => {
    setToastsShown(true);
    (await import('./toasts')).showToast(outcome);
  };
  const getClient = useSupabaseClient();
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    // The page is served with this form rendered (build-steps/page-template/ssr-template.ts), and the field is the
    // browser's own (uncontrolled): what was typed before the form came to life stays in it, and a
    // submit the page held back meanwhile is sent now.
    const element = form.current;
    if (!element) return;
    element.setAttribute('data-live', '');
    if (element.hasAttribute('data-submitted')) {
      element.removeAttribute('data-submitted');
      element.requestSubmit();
    }
  }, []);

  useEffect(() => {
    // Nothing waits on it: the form works (or says why not) whatever this test finds.
    void getClient()
      .then(checkConnection)
      .catch(() => false)
      .then((healthy) => {
        if (!healthy) console.warn('Waitlist: the connection test to the database failed.');
      });
    // Once, on mount: a count-only request that tells whether the database answers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const email = fieldValue(element);
    if (!isValidEmail(email)) {
      await showToast({kind: 'error', message: WAITLIST_MESSAGES.invalidEmail});
      return;
    }
    setSubmitting(true);
    try {
      const outcome = await joinWaitlist(await getClient(), email);
      if (outcome.kind === 'success') element.reset();
      await showToast(outcome);
    } catch {
      await showToast({kind: 'error', message: WAITLIST_MESSAGES.unexpected});
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <>
      {/* isValidEmail runs on submit and shows its toast; the browser's bubble would pre-empt it. */}
      <form
        ref={form}
        className={styles.form}
        onSubmit={(event) => void onSubmit(event)}
        noValidate>
        <label htmlFor={inputId} className={styles.label}>
          Get an e-mail at our next launch
        </label>
        <div className={styles.row}>
          <input
            id={inputId}
            className={styles.input}
            type="email"
            name="email"
            required
            autoComplete="email"
            inputMode="email"
            aria-describedby={noticeId}
            placeholder="you@example.com"
          />
          <button type="submit" className="gl-button" disabled={submitting} aria-busy={submitting}>
            {submitting ? 'Joining…' : 'Join the waitlist'}
          </button>
        </div>
        <p id={noticeId} className={styles.notice}>
          We&rsquo;ll e-mail you once, when the next of our coming-soon products launches, then
          delete your address. See our{' '}
          <Link to="/gotcha-screen-translator/privacy-policy#the-waitlist">privacy policy</Link>.
        </p>
      </form>
      {toastsShown && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </>
  );
}
