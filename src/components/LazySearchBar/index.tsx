import {
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';

interface StandInState {
  text: string;
  focused: boolean;
}

/**
 * The article search in the header. Its code (autocomplete, highlighting, index loading) is a
 * chunk of its own, fetched the first time a visitor points at, taps or tabs to the box, not with
 * every page. Until it arrives, a plain input stands in; the real search bar then takes its place
 * with whatever was typed and the focus.
 */
export default function LazySearchBar(): ReactNode {
  const [SearchBar, setSearchBar] = useState<ComponentType | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const standInInput = useRef<HTMLInputElement>(null);
  const standIn = useRef<StandInState>({text: '', focused: false});
  const requested = useRef(false);
  const load = () => {
    if (requested.current) return;
    requested.current = true;
    void import('@theme/SearchBar').then((module) => {
      const input = standInInput.current;
      standIn.current = {text: input?.value ?? '', focused: document.activeElement === input};
      setSearchBar(() => module.default);
    });
  };
  return (
    <div ref={container}>
      {SearchBar ? (
        <>
          <SearchBar />
          <HandOver container={container} standIn={standIn} />
        </>
      ) : (
        <div className="navbar__search">
          <input
            ref={standInInput}
            className="navbar__search-input"
            placeholder="Search"
            aria-label="Search"
            onPointerEnter={load}
            onFocus={load}
          />
        </div>
      )}
    </div>
  );
}

/** Once the real search bar has replaced the stand-in: carry over the text and the focus. */
function HandOver({
  container,
  standIn,
}: {
  container: RefObject<HTMLDivElement | null>;
  standIn: RefObject<StandInState>;
}): null {
  useEffect(() => {
    const input = container.current?.querySelector('input');
    const {text, focused} = standIn.current;
    if (!input || !focused) return;
    if (text) {
      // React tracks the value it set last; go through the native setter so onChange fires.
      Reflect.set(HTMLInputElement.prototype, 'value', text, input);
      input.dispatchEvent(new Event('input', {bubbles: true}));
    }
    input.focus();
  }, [container, standIn]);
  return null;
}
