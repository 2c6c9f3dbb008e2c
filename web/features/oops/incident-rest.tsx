// The incident page below its first screen: impact, timeline, analysis, custom fields, actions, tags, related
// incidents and notes. Its code (drag and drop, the date pickers, Markdown) loads after the page's first paint, in
// a file of its own: the first screen of an incident opened from a link waits only for what it shows.
import type { ReactNode } from 'react';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { OopsDetail } from '../../../common/contracts/oops';
import type { CustomFieldView } from '../../../common/contracts/custom-fields';
import { CUSTOM_FIELD_TEXTS } from '../../../common/domain/custom-field-texts';
import { fieldLabel } from '../../../common/domain/oops-fields';
import { RECURRENCE_TEXTS } from '../../../common/domain/recurrence-texts';
import { ActionsSection } from '../actions';
import { RelatedSection } from '../links';
import { CustomFieldsSection, customValuesOf, shownCustomFields } from './custom-fields-section';
import { FIELD_CONFIG, inlineFieldsIn, type InlineFieldName } from './field-config';
import { FollowThroughPanel } from './follow-through-panel';
import { Section } from './incident-section';
import classes from './detail.module.css';
import { AddNoteForm, NotesList } from './notes-section';
import { TimelineSection } from './timeline-section';
import type { useUpdateOops } from './api/update-oops';
import type { useFieldSaver } from './use-field-saver';

// Short fields of the impact section sit in a grid; long text takes the full width below it.
const IMPACT_SHORT = inlineFieldsIn('impact').filter((name) => FIELD_CONFIG[name].editor !== 'multiline');
const IMPACT_LONG = inlineFieldsIn('impact').filter((name) => FIELD_CONFIG[name].editor === 'multiline');

type Saver = ReturnType<typeof useFieldSaver>;

export interface IncidentRestProps {
  detail: OopsDetail;
  /** Draws one click-to-edit field as the first screen draws its own. */
  field: (name: InlineFieldName) => ReactNode;
  closed: boolean;
  update: ReturnType<typeof useUpdateOops>;
  waiting: Saver['waiting'];
  queue: Saver['queue'];
  saveCustomField: Saver['saveCustomField'];
  /** The team's custom fields. */
  customFields: readonly CustomFieldView[];
}

export function IncidentRest({
  detail,
  field,
  closed,
  update,
  waiting,
  queue,
  saveCustomField,
  customFields,
}: IncidentRestProps) {
  const hasCustomFields = shownCustomFields(customFields, customValuesOf(detail)).length > 0;
  return (
    <>
      <Section title="Impact" id="impact-heading">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {IMPACT_SHORT.map((name) => field(name))}
          </SimpleGrid>
          {IMPACT_LONG.map((name) => field(name))}
        </Stack>
      </Section>

      <Section title="Timeline" id="timeline-heading">
        <TimelineSection detail={detail} readOnly={closed} update={update} />
      </Section>

      <Section title="Analysis & Learning" id="analysis-heading">
        <Stack gap="sm">
          {inlineFieldsIn('analysis').map((name) => field(name))}
          <FollowThroughPanel detail={detail} waiting={waiting} disabled={closed} onChange={queue} />
        </Stack>
      </Section>

      {hasCustomFields && (
        <Section title={CUSTOM_FIELD_TEXTS.section} id="custom-fields-heading">
          <CustomFieldsSection
            detail={detail}
            fields={customFields}
            disabled={closed}
            saveCustomField={saveCustomField}
          />
        </Section>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Follow-up actions" id="actions-heading">
          <ActionsSection oopsId={detail.id} disabled={closed} />
        </Section>
        <Section title={fieldLabel('tags')} id="tags-heading">
          {detail.tags.length > 0 ? (
            <Group gap={6}>
              {detail.tags.map((tag) => (
                <Text key={tag} size="sm" className={classes.tag}>
                  #{tag}
                </Text>
              ))}
            </Group>
          ) : (
            <Text c="dimmed">No tags.</Text>
          )}
        </Section>
      </SimpleGrid>

      <Section title={RECURRENCE_TEXTS.sectionTitle} id="related-heading">
        <RelatedSection oopsId={detail.id} disabled={closed} />
      </Section>

      <Section title="Notes" id="notes-heading">
        <Stack gap="md">
          <NotesList notes={detail.notes} />
          <AddNoteForm oopsId={detail.id} disabled={closed} />
        </Stack>
      </Section>
    </>
  );
}
