import type {ReactNode} from 'react';
import {composeProviders} from '@docusaurus/theme-common';
import {
  ColorModeProvider,
  PluginHtmlClassNameProvider,
  ScrollControllerProvider,
} from '@docusaurus/theme-common/internal';

/**
 * The classic layout's providers minus those for features this site does not use (announcement
 * bar, docs versions, the stock navbar), which would otherwise ship on every page.
 */
const Provider = composeProviders([
  ColorModeProvider,
  ScrollControllerProvider,
  PluginHtmlClassNameProvider,
]);

export default function LayoutProvider({children}: {children: ReactNode}): ReactNode {
  return <Provider>{children}</Provider>;
}
