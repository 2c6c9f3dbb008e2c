// Template tiles of the logging screen (docs/product.md §2; the team's own types, decision 025): icon, name and the template's severity; the chosen template's
// first detection methods and common impacts are offered as one-click suggestions.
import { Button, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { TEMPLATE_SUGGESTION_CAP, type IncidentTemplate } from '../../../common/domain/templates';
import { INCIDENT_TYPE_ICON_COMPONENTS } from '../../components/incident-type-icon';
import { SeverityBadge } from '../../components/severity-badge';
import classes from './new-oops.module.css';

const ICONS = INCIDENT_TYPE_ICON_COMPONENTS;

interface TemplatePickerProps {
  templates: readonly IncidentTemplate[];
  chosen: IncidentTemplate | null;
  onChoose: (template: IncidentTemplate) => void;
}

export function TemplatePicker({ templates, chosen, onChoose }: TemplatePickerProps) {
  return (
    <section aria-labelledby="template-heading">
      <Title order={2} size="h4" id="template-heading" mb="xs">
        Start from a template
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {templates.map((template) => {
          const Icon = ICONS[template.icon];
          const selected = chosen?.name === template.name;
          return (
            <UnstyledButton
              key={template.name}
              type="button"
              className={classes.tile}
              data-selected={selected || undefined}
              aria-pressed={selected}
              onClick={() => onChoose(template)}
            >
              <Stack gap={6} align="flex-start">
                <Icon aria-hidden size={22} />
                <Text fw={600} size="sm">
                  {template.name}
                </Text>
                <SeverityBadge severity={template.severity} />
              </Stack>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </section>
  );
}

interface TemplateSuggestionsProps {
  template: IncidentTemplate;
  onDetection: (method: string) => void;
  onImpact: (impact: string) => void;
}

/** The first 3 detection methods and common impacts of the chosen type (docs/product.md §9 cap). */
export function TemplateSuggestions({ template, onDetection, onImpact }: TemplateSuggestionsProps) {
  const detection = template.detection_methods.slice(0, TEMPLATE_SUGGESTION_CAP);
  const impacts = template.common_impacts.slice(0, TEMPLATE_SUGGESTION_CAP);
  return (
    <section aria-label={`Suggestions for ${template.name}`} className={classes.suggestions}>
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          Suggestions for {template.name}
        </Text>
        <SuggestionRow label="Detection methods" items={detection} onPick={onDetection} />
        <SuggestionRow label="Common impacts" items={impacts} onPick={onImpact} />
      </Stack>
    </section>
  );
}

function SuggestionRow({
  label,
  items,
  onPick,
}: {
  label: string;
  items: string[];
  onPick: (item: string) => void;
}) {
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" c="dimmed" component="span">
        {label}:
      </Text>
      {items.map((item) => (
        <Button key={item} size="compact-xs" variant="light" onClick={() => onPick(item)}>
          {item}
        </Button>
      ))}
    </Group>
  );
}
