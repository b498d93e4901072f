import type {ReactNode} from 'react';

/** Never changes, so the framework, if it runs, never redraws what the search put in the panel. */
const DRAWN_BY_THE_SEARCH = {__html: ''};

/**
 * The article search in the header: a plain box, and the panel its results show in. The page
 * script loads the search (src/lib/search, no framework) on the visitor's first focus or tap in the
 * box; the search reads what was typed meanwhile.
 */
export default function SearchBox(): ReactNode {
  return (
    <div className="navbar__search">
      <input
        type="search"
        className="navbar__search-input"
        placeholder="Search"
        aria-label="Search"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
      />
      <div className="search-panel" dangerouslySetInnerHTML={DRAWN_BY_THE_SEARCH} />
    </div>
  );
}
