// The icon of an incident type's tile (decision 025): one lucide component per allowed icon name.
import {
  CircleAlert,
  ClipboardList,
  Database,
  Gauge,
  Headphones,
  HeartPulse,
  MessageSquareWarning,
  Rocket,
  ServerCrash,
  ShieldAlert,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import type { IncidentTypeIcon } from '../../common/domain/templates';

export const INCIDENT_TYPE_ICON_COMPONENTS: Record<IncidentTypeIcon, LucideIcon> = {
  'server-crash': ServerCrash,
  'shield-alert': ShieldAlert,
  gauge: Gauge,
  rocket: Rocket,
  database: Database,
  'message-square-warning': MessageSquareWarning,
  'circle-alert': CircleAlert,
  users: Users,
  wrench: Wrench,
  'clipboard-list': ClipboardList,
  'heart-pulse': HeartPulse,
  headphones: Headphones,
};

/** Readable names for the icon select. */
export const INCIDENT_TYPE_ICON_LABELS: Record<IncidentTypeIcon, string> = {
  'server-crash': 'Server crash',
  'shield-alert': 'Shield',
  gauge: 'Gauge',
  rocket: 'Rocket',
  database: 'Database',
  'message-square-warning': 'Message warning',
  'circle-alert': 'Alert',
  users: 'People',
  wrench: 'Wrench',
  'clipboard-list': 'Checklist',
  'heart-pulse': 'Health',
  headphones: 'Support',
};
