/**
 * Build-time settings, read from Docusaurus's `customFields` (where docusaurus.config.ts puts
 * them) by the pages and by plugins.
 */
export interface SiteSettings {
  /**
   * The build's calendar day in China (`YYYY-MM-DD`, Asia/Shanghai): what a page without script
   * shows as today (footer year, "Last Updated") and what the build knows has ended.
   */
  buildDay: string;
  /** Comma-separated ids of products shown as coming soon. */
  comingSoon: string;
  /** Empty: the site's own origin (the local stand-in). */
  supabaseUrl: string;
  /** Empty: the local stand-in's key. */
  supabaseAnonKey: string;
}

export function toSiteSettings(customFields: Record<string, unknown> | undefined): SiteSettings {
  const text = (key: keyof SiteSettings) => {
    const value = customFields?.[key];
    return typeof value === 'string' ? value : '';
  };
  return {
    buildDay: text('buildDay'),
    comingSoon: text('comingSoon'),
    supabaseUrl: text('supabaseUrl'),
    supabaseAnonKey: text('supabaseAnonKey'),
  };
}
