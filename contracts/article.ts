/**
 * An article's front matter once it has passed the writer's rules (plugins/articles/schema.ts):
 * the value the build reads and hands the blog plugin, and so the one its pages receive. Days are
 * text, `YYYY-MM-DD`; only the publication `date`, which may give a time, is a Date.
 */

/** One line of `changes`: the day of a review and what it changed. */
export interface Change {
  /** YYYY-MM-DD */
  date: string;
  /** One line of text. */
  what: string;
}

// A type, not an interface: the blog plugin takes front matter as a record of fields.
export type ArticleFrontMatter = {
  /** Kebab-case; the folder is `<YYYY-MM-DD>-<slug>`. */
  slug: string;
  title: string;
  description: string;
  /** `./file` beside the article. */
  image: string;
  excerpt: string;
  /** When it was published: a day's UTC midnight, or the moment a time gave. */
  date: Date;
  /** The day its facts were last checked, YYYY-MM-DD, never after the build's day in China. */
  last_update: {date: string};
  /** Newest first; the newest is of `last_update.date`. */
  changes: Change[];
  /** The last day its title, description and excerpt hold, YYYY-MM-DD. */
  expires?: string;
  image_alt?: string;
  /** Slugs of up to three listed articles. */
  related?: string[];
  /** One of src/data/blog-groups.ts's ids. */
  group?: string;
  tags?: string[];
  draft?: boolean;
  unlisted?: boolean;
  hide_table_of_contents?: boolean;
};

/**
 * An article page's front matter, which the blog plugin types as its own fields only. The build
 * hands the plugin the validated value for every article (plugins/articles), so a page reads it
 * through this one door rather than casting it where it is used.
 */
export function articleFrontMatter(frontMatter: object): ArticleFrontMatter {
  return frontMatter as ArticleFrontMatter;
}
