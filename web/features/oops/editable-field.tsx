// A click-to-edit field of the incident, wired from its config to the inline editor and the save path.
import type { ReactNode } from 'react';
import type { OopsDetail } from '../../../common/contracts/oops';
import { SeverityBadge } from '../../components/severity-badge';
import { StatusBadge } from '../../components/status-badge';
import { formatHours } from '../../lib/format';
import { FIELD_CONFIG, fieldText, optionsWith, toApiValue, type InlineFieldName } from './field-config';
import { InlineField } from './inline-field';
import { useTeamTypes } from '../../lib/incident-types';

const RENDERERS: Partial<Record<InlineFieldName, (value: string) => ReactNode>> = {
  severity: (v) => <SeverityBadge severity={v} />,
  status: (v) => <StatusBadge status={v} />,
  downtime_hours: (v) => formatHours(Number(v)),
};

interface EditableFieldProps {
  detail: OopsDetail;
  name: InlineFieldName;
  disabled: boolean;
  departments: string[];
  saveField: (field: InlineFieldName, value: unknown) => Promise<void>;
  showLabel?: boolean;
  wrapDisplay?: (display: ReactNode) => ReactNode;
}

export function EditableField({
  detail,
  name,
  disabled,
  departments,
  saveField,
  showLabel,
  wrapDisplay,
}: EditableFieldProps) {
  const config = FIELD_CONFIG[name];
  const value = fieldText(detail, name);
  const teamTypes = useTeamTypes();
  // The team's own types replace decision 005's list (decision 025); the empty choice stays first.
  const fixed =
    name === 'oops_type'
      ? [
          ...(config.options ?? []).filter((o) => o.value === ''),
          ...[...teamTypes.templates.map((t) => t.name), ...teamTypes.others].map((t) => ({
            value: t,
            label: t,
          })),
        ]
      : (config.options ?? []);
  const base = [
    ...fixed,
    ...(config.serverOptions === 'departments' ? departments.map((d) => ({ value: d, label: d })) : []),
  ];
  return (
    <InlineField
      label={config.label}
      value={value}
      editor={config.editor}
      options={optionsWith(base, value)}
      required={config.required}
      disabled={disabled}
      render={RENDERERS[name]}
      showLabel={showLabel}
      wrapDisplay={wrapDisplay}
      onSave={(text) => saveField(name, toApiValue(name, text))}
    />
  );
}
