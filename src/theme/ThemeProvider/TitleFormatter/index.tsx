import type {ComponentProps, ReactNode} from 'react';
import {TitleFormatterProvider} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/ThemeProvider/TitleFormatter';
import {BLOG_TITLE} from '@site/src/data/site';

type Formatter = ComponentProps<typeof TitleFormatterProvider>['formatter'];

/** "<title> | Gotcha Labs" everywhere, except the blog's pages: "<title> | Gotcha Labs Blog". */
const formatter: Formatter = (params) =>
  params.defaultFormatter(
    params.plugin.name === 'docusaurus-plugin-content-blog'
      ? {...params, siteTitle: BLOG_TITLE}
      : params,
  );

export default function ThemeProviderTitleFormatter({children}: Props): ReactNode {
  return <TitleFormatterProvider formatter={formatter}>{children}</TitleFormatterProvider>;
}
