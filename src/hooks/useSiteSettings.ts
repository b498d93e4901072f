import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {toSiteSettings, type SiteSettings} from '@site/src/lib/site-settings';

export function useSiteSettings(): SiteSettings {
  return toSiteSettings(useDocusaurusContext().siteConfig.customFields);
}
