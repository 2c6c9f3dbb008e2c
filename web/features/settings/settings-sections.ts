// The settings area's sub-pages, in the order of its navigation. Each is its own route (common/domain/app-pages.ts).
import { Bell, Building2, ListChecks, Plug, Tags, UsersRound, type LucideIcon } from 'lucide-react';
import { PAGE_PATHS } from '../../../common/domain/app-pages';

export interface SettingsSection {
  label: string;
  /** The page's path from the page table, as a link target. */
  to: string;
  icon: LucideIcon;
}

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { label: 'General', to: `/${PAGE_PATHS.settingsGeneral}`, icon: Building2 },
  { label: 'Members', to: `/${PAGE_PATHS.settingsMembers}`, icon: UsersRound },
  { label: 'Incident types', to: `/${PAGE_PATHS.settingsIncidentTypes}`, icon: Tags },
  { label: 'Custom fields', to: `/${PAGE_PATHS.settingsCustomFields}`, icon: ListChecks },
  { label: 'Integrations', to: `/${PAGE_PATHS.settingsIntegrations}`, icon: Plug },
  { label: 'Notifications', to: `/${PAGE_PATHS.settingsNotifications}`, icon: Bell },
];

/** The section a path belongs to (case and a trailing slash ignored, as the router matches), or undefined. */
export function sectionOf(pathname: string): SettingsSection | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return SETTINGS_SECTIONS.find((section) => section.to === path);
}
