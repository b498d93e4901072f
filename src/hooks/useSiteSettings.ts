import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {parseDay} from '@site/src/lib/dates';
import {toSiteSettings, type SiteSettings} from '@site/src/lib/site-settings';

export function useSiteSettings(): SiteSettings {
  return toSiteSettings(useDocusaurusContext().siteConfig.customFields);
}

/** The day in China the site was built on (BUILD_DATE builds as on another): what a build knows has ended. */
export function useBuildDay(): Date {
  const {buildDay} = useSiteSettings();
  const day = parseDay(buildDay);
  if (!day) throw new Error(`customFields.buildDay must be a day as YYYY-MM-DD, not "${buildDay}"`);
  return day;
}
