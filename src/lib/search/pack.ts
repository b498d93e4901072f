/**
 * The guides as `/search.js` carries them (build-steps/search packs them, the browser unpacks them):
 * arrays rather than named fields, and a section's anchor only where it is not the one Docusaurus
 * makes of its heading. The same text in about 1.2 KB less of brotli.
 */
import type {SearchDocument} from './protocol';

export type PackedDocument = [
  url: string,
  title: string,
  description: string,
  sections: [heading: string, text: string, id?: string][],
];

/** The anchor Docusaurus (github-slugger) gives a heading, punctuation and symbols out. */
function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');
}

export function pack({url, title, description, sections}: SearchDocument): PackedDocument {
  return [
    url,
    title,
    description,
    sections.map(({id, heading, text}) =>
      id === anchor(heading) ? [heading, text] : [heading, text, id],
    ),
  ];
}

export function unpack([url, title, description, sections]: PackedDocument): SearchDocument {
  return {
    url,
    title,
    description,
    sections: sections.map(([heading, text, id = anchor(heading)]) => ({id, heading, text})),
  };
}
