/**
 * Build-time settings, read from Docusaurus's `customFields` (where docusaurus.config.ts puts
 * them) by the pages and by plugins.
 */
export interface SiteSettings {
  /** ISO time of the build. */
  buildDate: string;
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
    buildDate: text('buildDate'),
    comingSoon: text('comingSoon'),
    supabaseUrl: text('supabaseUrl'),
    supabaseAnonKey: text('supabaseAnonKey'),
  };
}
