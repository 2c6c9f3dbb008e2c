// Incident type templates (docs/product.md §3): the tiles of the logging screen and their suggestion lists.
// The spec names the six templates and their fields but not their contents; these are ours.
import type { Severity } from './options';
import { INCIDENT_TYPES } from './oops-options';

/**
 * The icons a type's tile may show (lucide-react names; the web maps each to a component): the built-ins' six and
 * a few for the teams outside engineering (support, HR, operations) that edit their own types (decision 025).
 */
export const INCIDENT_TYPE_ICONS = [
  'server-crash',
  'shield-alert',
  'gauge',
  'rocket',
  'database',
  'message-square-warning',
  'circle-alert',
  'users',
  'wrench',
  'clipboard-list',
  'heart-pulse',
  'headphones',
] as const;
export type IncidentTypeIcon = (typeof INCIDENT_TYPE_ICONS)[number];

export interface IncidentTemplate {
  /** A built-in type's name, or a name the team chose (decision 025). */
  name: string;
  icon: IncidentTypeIcon;
  severity: Severity;
  area_department: string;
  tags: string[];
  detection_methods: string[];
  common_impacts: string[];
  owners: string[];
  root_causes: string[];
  lessons_learned: string[];
}

export const INCIDENT_TEMPLATES: readonly IncidentTemplate[] = [
  {
    name: 'Service Outage',
    icon: 'server-crash',
    severity: 'High',
    area_department: 'Engineering',
    tags: ['outage', 'backend'],
    detection_methods: ['Monitoring Alert', 'User Report', 'Health Check Failure', 'Customer Support'],
    common_impacts: ['All Users', 'Service unavailable', 'Revenue loss', 'Support ticket spike'],
    owners: ['Site Reliability Team', 'Platform Team'],
    root_causes: ['Resource exhaustion', 'Failed dependency', 'Configuration change', 'Hardware failure'],
    lessons_learned: ['Add alerting on saturation', 'Add a runbook for failover', 'Test recovery regularly'],
  },
  {
    name: 'Security Incident',
    icon: 'shield-alert',
    severity: 'Critical',
    area_department: 'Security',
    tags: ['security'],
    detection_methods: [
      'Security Alert',
      'Intrusion Detection System',
      'Automated Security Scan',
      'User Report',
    ],
    common_impacts: ['External Users', 'Data exposure', 'Compliance risk', 'Credential reset needed'],
    owners: ['Security Operations', 'Incident Commander'],
    root_causes: ['Leaked credential', 'Unpatched dependency', 'Misconfigured access control', 'Phishing'],
    lessons_learned: ['Rotate secrets automatically', 'Enforce least privilege', 'Run phishing drills'],
  },
  {
    name: 'Performance Issue',
    icon: 'gauge',
    severity: 'Medium',
    area_department: 'Engineering',
    tags: ['performance'],
    detection_methods: ['Monitoring Alert', 'User Report', 'Automated Test', 'Customer Support'],
    common_impacts: ['1-1000 Users', 'Slow pages', 'Timeouts', 'Higher infrastructure cost'],
    owners: ['Performance Team', 'Backend Team'],
    root_causes: ['Missing index', 'N+1 queries', 'Memory leak', 'Traffic spike'],
    lessons_learned: ['Add performance budgets to CI', 'Load-test before launches', 'Profile hot paths'],
  },
  {
    name: 'Deployment Issue',
    icon: 'rocket',
    severity: 'High',
    area_department: 'Engineering',
    tags: ['deployment'],
    detection_methods: ['Deployment Pipeline', 'Monitoring Alert', 'Automated Test', 'User Report'],
    common_impacts: ['1-1000 Users', 'Rollback required', 'Feature unavailable', 'Release delayed'],
    owners: ['Release Team', 'Platform Team'],
    root_causes: [
      'Untested migration',
      'Missing feature flag',
      'Configuration drift',
      'Incomplete rollback plan',
    ],
    lessons_learned: ['Use canary releases', 'Rehearse rollbacks', 'Gate deploys on smoke tests'],
  },
  {
    name: 'Data Issue',
    icon: 'database',
    severity: 'High',
    area_department: 'Engineering',
    tags: ['database'],
    detection_methods: ['User Report', 'Manual Discovery', 'Automated Test', 'Monitoring Alert'],
    common_impacts: ['Internal Users Only', 'Wrong numbers in reports', 'Data loss', 'Manual clean-up'],
    owners: ['Data Engineering', 'Analytics Team'],
    root_causes: ['Faulty migration', 'Race condition', 'Bad import file', 'Missing validation'],
    lessons_learned: [
      'Validate input at the boundary',
      'Back up before migrations',
      'Add data quality checks',
    ],
  },
  {
    name: 'Communication Issue',
    icon: 'message-square-warning',
    severity: 'Low',
    area_department: 'Operations',
    tags: [],
    detection_methods: ['Customer Support', 'User Report', 'Manual Discovery', 'Third-party Notification'],
    common_impacts: ['External Users', 'Customer confusion', 'Missed deadline', 'Duplicate work'],
    owners: ['Communications Team', 'Support Lead'],
    root_causes: [
      'Unclear ownership',
      'Message sent to the wrong channel',
      'No status page update',
      'Handover gap',
    ],
    lessons_learned: [
      'Name an owner for every announcement',
      'Use a message checklist',
      'Update the status page early',
    ],
  },
];

/** Tile suggestions are capped at 3 (docs/product.md §9). */
export const TEMPLATE_SUGGESTION_CAP = 3;

export function templateFor(type: string | null | undefined): IncidentTemplate | undefined {
  return INCIDENT_TEMPLATES.find((t) => t.name === type);
}

/**
 * The canonical types that have no template (decision 005's list beyond the six tiles): valid on every team's
 * incidents whatever the team did to its own types, as the spec's detail-page list names them (decision 025).
 */
export const UNTEMPLATED_TYPES: readonly string[] = INCIDENT_TYPES.filter(
  (type) => !INCIDENT_TEMPLATES.some((t) => t.name === type),
);
