// Severity colours (docs/product.md §2: the timeline's dots, the badges of the dashboard, list, detail and report): one scale,
// calm to loud. Colour names are Mantine palette names; web/components/badge-tone.ts picks the accessible shade.
import type { Severity } from './options';

export type SeverityColor = 'green' | 'yellow' | 'orange' | 'red' | 'gray';

export const SEVERITY_COLORS: Record<Severity, SeverityColor> = {
  Low: 'green',
  Medium: 'yellow',
  High: 'orange',
  Critical: 'red',
};

const isSeverity = (value: string): value is Severity => Object.hasOwn(SEVERITY_COLORS, value);

/** A severity's colour; one the scale does not know (the landing materials mention "unknown") is grey. */
export const severityColor = (severity: string): SeverityColor =>
  isSeverity(severity) ? SEVERITY_COLORS[severity] : 'gray';
