import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/** robots.txt naming the sitemap at the site's public URL (which SITE_URL may change). */
export default function robotsTxt(context: LoadContext): Plugin {
  return {
    name: 'robots-txt',
    async postBuild({outDir}) {
      const {url, baseUrl} = context.siteConfig;
      await writeFile(
        path.join(outDir, 'robots.txt'),
        `User-agent: *\nAllow: /\n\nSitemap: ${url}${baseUrl}sitemap.xml\n`,
      );
    },
  };
}
