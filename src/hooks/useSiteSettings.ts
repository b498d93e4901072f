import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {chinaDay} from '@site/src/lib/dates';
import {toSiteSettings, type SiteSettings} from '@site/src/lib/site-settings';

export function useSiteSettings(): SiteSettings {
  return toSiteSettings(useDocusaurusContext().siteConfig.customFields);
}

/** The day in China the site was built on (BUILD_DATE builds as on another): what a build knows has ended. */
export function useBuildDay(): Date {
  return chinaDay(new Date(useSiteSettings().buildDate));
}
