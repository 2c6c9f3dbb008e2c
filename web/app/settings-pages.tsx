// The settings area's sub-pages (decision 043), composed from the panels of the team, webhooks, tokens and account
// features (features do not import each other; pages compose them here). settings-routes.tsx loads this lazily.
import type { ComponentType } from 'react';
import { Stack } from '@mantine/core';
import { PAGE_PATHS } from '../../common/domain/app-pages';
import { MANAGER_ROLES } from '../../common/domain/options';
import { NotificationsTab } from '../features/account/notifications-tab';
import { AlertIngestionCard } from '../features/settings/alert-ingestion-card';
import { CustomFieldsPanel } from '../features/team/custom-fields-panel';
import { IncidentTypesPanel } from '../features/team/incident-types-panel';
import { MembersTab } from '../features/team/members-tab';
import { TeamTab } from '../features/team/team-tab';
import { TokensTab } from '../features/tokens/tokens-tab';
import { DisplayTokensPanel } from '../features/wall/display-tokens-panel';
import { WebhooksPanel } from '../features/webhooks/webhooks-panel';
import { useSession } from '../lib/session/use-session';

function MembersPage() {
  const { user } = useSession();
  // The route guard renders this page only with a signed-in user.
  return user ? <MembersTab user={user} /> : null;
}

function IntegrationsPage() {
  const { user } = useSession();
  const manager = user?.role != null && MANAGER_ROLES.includes(user.role);
  return (
    <Stack gap="lg">
      {/* Webhooks (generic and Slack) are the team's, managed by its owners and admins. */}
      {manager && <WebhooksPanel />}
      {/* The office screens' display tokens are the team's too (decision 050). */}
      {manager && <DisplayTokensPanel />}
      <AlertIngestionCard />
      <TokensTab />
    </Stack>
  );
}

export { SettingsLayout } from '../features/settings/settings-layout';

/** Each sub-page's path in the page table, and its page. */
export const SETTINGS_PAGES: Record<string, ComponentType> = {
  [PAGE_PATHS.settingsGeneral]: TeamTab,
  [PAGE_PATHS.settingsMembers]: MembersPage,
  [PAGE_PATHS.settingsIncidentTypes]: IncidentTypesPanel,
  [PAGE_PATHS.settingsCustomFields]: CustomFieldsPanel,
  [PAGE_PATHS.settingsIntegrations]: IntegrationsPage,
  [PAGE_PATHS.settingsNotifications]: NotificationsTab,
};
