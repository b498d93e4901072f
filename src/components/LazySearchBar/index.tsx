import {useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject} from 'react';
import {usePluginData} from '@docusaurus/useGlobalData';
import SearchBar from '@theme/SearchBar';
import type {BlogSummariesData} from '@site/plugins/blog-summaries';

/**
 * The article search in the header. The page is served with a plain input; the visitor's first
 * focus, tap or key in it makes the page script load the framework (see src/lib/ssr-template.ts),
 * and this component hydrates onto that input. The real search bar then takes the input's place
 * with whatever was typed meanwhile and the focus. It ships with the framework rather than as a
 * chunk of its own: only a visitor who asked for the framework downloads either, and a chunk
 * fetched after hydration cost the searcher one more round trip (~0.5 s on a slow 4G link).
 */
interface Typed {
  text: string;
  focused: boolean;
}

export default function LazySearchBar(): ReactNode {
  const [live, setLive] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const typed = useRef<Typed>({text: '', focused: false});
  const load = () => setLive(true);
  return (
    <div ref={container}>
      {live ? (
        <>
          <SearchBar />
          <HandOver container={container} typed={typed} />
          <GuidesSearchableOffline container={container} />
        </>
      ) : (
        <StandIn load={load} typed={typed} />
      )}
    </div>
  );
}

/** Runs `then` once the search bar's index has loaded: its autocomplete marks the input then. */
function onceIndexLoaded(input: HTMLInputElement, then: () => void): () => void {
  if (input.getAttribute('role') === 'combobox') {
    then();
    return () => undefined;
  }
  const attached = new MutationObserver(() => {
    if (input.getAttribute('role') !== 'combobox') return;
    attached.disconnect();
    then();
  });
  attached.observe(input, {attributes: true, attributeFilter: ['role']});
  return () => attached.disconnect();
}

/**
 * Offline, a saved guide opens from the service worker's cache, but searching from it also needs
 * the framework's chunks for that page, which only a visit that used the framework fetched. So
 * once the search is in use on a page the worker controls, and its index has loaded (nothing to
 * compete with), the chunks of every guide are fetched through the worker, which keeps them
 * (plugins/offline): about 25 KB, for visitors who used the search only.
 */
function GuidesSearchableOffline({container}: {container: RefObject<HTMLDivElement | null>}): null {
  const {summaries} = usePluginData('blog-summaries') as BlogSummariesData;
  useEffect(() => {
    const input = container.current?.querySelector('input');
    // No worker (an insecure origin, an old browser): nothing would keep them.
    if (!input || !('serviceWorker' in navigator) || !navigator.serviceWorker.controller) {
      return undefined;
    }
    return onceIndexLoaded(input, () => {
      summaries.forEach(({permalink}) => void window.docusaurus.preload(permalink));
    });
  }, [container, summaries]);
  return null;
}

/** The plain input the page is served with, until the search bar arrives. */
function StandIn({load, typed}: {load: () => void; typed: RefObject<Typed>}): ReactNode {
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const element = input.current;
    if (!element) return undefined;
    // Hydrated because the visitor went for the box: fetch the search at once.
    if (document.activeElement === element || element.value !== '') load();
    // Runs as the search bar replaces it, before the input leaves the page: what is in it now
    // is everything the visitor typed, since no key can be handled until the swap is done.
    return () => {
      typed.current = {text: element.value, focused: document.activeElement === element};
    };
  }, [load, typed]);
  return (
    <div className="navbar__search">
      <input
        ref={input}
        className="navbar__search-input"
        placeholder="Search"
        aria-label="Search"
        onPointerEnter={load}
        onFocus={load}
      />
    </div>
  );
}

/**
 * Once the real search bar has replaced the stand-in: carry over the text and the focus. When text
 * was typed before the search's index arrived, its autocomplete (attached once the index has
 * loaded) has not seen a query yet; it searches on focus, so the box is focused afresh then.
 */
function HandOver({
  container,
  typed,
}: {
  container: RefObject<HTMLDivElement | null>;
  typed: RefObject<Typed>;
}): null {
  useLayoutEffect(() => {
    const input = container.current?.querySelector('input');
    const {text, focused} = typed.current;
    if (!input || (!focused && text === '')) return undefined;
    input.focus();
    if (text === '') return undefined;
    // React tracks the value it set last; go through the native setter so onChange fires.
    Reflect.set(HTMLInputElement.prototype, 'value', text, input);
    input.dispatchEvent(new Event('input', {bubbles: true}));
    return onceIndexLoaded(input, () => {
      input.blur();
      input.focus();
    });
  }, [container, typed]);
  return null;
}
