import type {ReactNode} from 'react';
import styles from './styles.module.css';

interface Step {
  title: string;
  text: ReactNode;
  image: {src: string; alt: string};
  caption: string;
}

const STEPS: readonly Step[] = [
  {
    title: 'Start the screen broadcast',
    text: (
      <>
        In Gotcha, tap the broadcast button (or open Control Centre, press and hold Screen Recording
        and choose Gotcha), then tap Start Broadcast. This is iOS&rsquo;s own screen broadcast, the
        same system feature that screen-recording apps use, so iOS shows its red recording indicator
        for as long as it runs.
      </>
    ),
    image: {
      src: '/img/demo/step-1-start.svg',
      alt: 'The iPhone’s Screen Broadcast sheet over the home screen, with Gotcha ticked and a Start Broadcast button',
    },
    caption: 'Illustration: the Screen Broadcast sheet with Gotcha selected.',
  },
  {
    title: 'Open the Chinese app you need',
    text: (
      <>
        Switch to Meituan, Taobao, WeChat or another app and use it as usual. Gotcha reads the
        screen of the app you are using and recognises the Chinese on it, including text inside
        pictures such as banners and photos of menus. Apps that blank their screens while they are
        recorded, such as some banking apps, stay blank to Gotcha too.
      </>
    ),
    image: {
      src: '/img/demo/step-2-open.svg',
      alt: 'A Meituan restaurant page in Chinese, with the red recording indicator behind the clock',
    },
    caption: 'Illustration: Meituan in Chinese, with the red indicator showing the broadcast.',
  },
  {
    title: 'Read the English copy in the floating window',
    text: (
      <>
        Gotcha translates the screen with context-aware AI and shows an English copy of it, laid out
        like the original, in a floating Picture-in-Picture window that stays on top of the app.
        Drag the window aside, resize it or hide it when you need to tap something underneath; you
        still tap and type in the real app.
      </>
    ),
    image: {
      src: '/img/demo/step-3-read.svg',
      alt: 'A floating window over the Meituan page shows the same page in English: Lao Wang Home Cooking, Signature Braised Pork, Kung Pao Chicken and a Checkout button',
    },
    caption: 'Illustration: the English copy of the Meituan page in Gotcha’s floating window.',
  },
  {
    title: 'Tap Stop before you pay, and when you are done',
    text: (
      <>
        Tap Stop in Gotcha, or tap the red indicator and confirm, before you pay or type a password,
        and whenever you are done. Capture ends there: nothing is read from your screen until you
        start the broadcast again.
      </>
    ),
    image: {
      src: '/img/demo/step-4-stop.svg',
      alt: 'A dialog over the Meituan page asks whether to stop the broadcast, with Cancel and Stop buttons',
    },
    caption: 'Illustration: stopping the broadcast.',
  },
];

/** The translator's workflow, step by step, in drawings served from this site. */
export default function TranslatorDemo(): ReactNode {
  return (
    <ol className={styles.steps}>
      {STEPS.map((step, index) => (
        <li key={step.title} className={styles.step}>
          <figure className={styles.figure}>
            <img
              src={step.image.src}
              alt={step.image.alt}
              width={360}
              height={720}
              loading={index === 0 ? 'eager' : 'lazy'}
              decoding="async"
            />
            <figcaption>{step.caption}</figcaption>
          </figure>
          <div className={styles.text}>
            <h2>
              <span className={styles.number}>Step {index + 1}</span> {step.title}
            </h2>
            <p>{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
