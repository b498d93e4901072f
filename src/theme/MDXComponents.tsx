import MDXComponents from '@theme-original/MDXComponents';
import {
  CountryCount,
  CountryList,
  OpenToEveryPassport,
  PassportAnswer,
  RuleEnd,
} from '@site/src/components/EntryRules';
import Expires from '@site/src/components/Expires';

/**
 * The theme's Markdown components, `<Expires>` and the entry rules' components
 * (src/components/EntryRules) in every article without an import.
 */
export default {
  ...MDXComponents,
  Expires,
  RuleEnd,
  CountryCount,
  CountryList,
  PassportAnswer,
  OpenToEveryPassport,
};
