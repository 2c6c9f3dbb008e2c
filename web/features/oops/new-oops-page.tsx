// Log incident screen (docs/product.md §2 /oops/new): templates, the main fields, tags, the two optional sections, similar
// incidents while typing, Cancel and Log Incident.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Container, Group, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { requiredCustomFields } from '../../../common/contracts/custom-fields';
import { fieldLabel, fieldOptions } from '../../../common/domain/oops-fields';
import { TIMINGS } from '../../../common/domain/options';
import { OOPS_LIMITS, OOPS_MESSAGES } from '../../../common/domain/oops-options';
import { OOPS_TEXTS } from '../../../common/domain/oops-texts';
import type { IncidentTemplate } from '../../../common/domain/templates';
import { toastError, toastSuccess } from '../../lib/toast';
import { ApiError } from '../../lib/transport';
import { usePageTitle } from '../../lib/use-page-title';
import { useCreateOops } from './api/create-oops';
import { ConfidentialOption, useConfidentialAllowed } from '../confidential';
import { useDepartments } from '../../lib/api/departments';
import { useTeamTypes } from '../../lib/incident-types';
import { useActiveCustomFields } from '../../lib/custom-fields';
import { CustomFieldInputs, customFieldInputId } from './custom-field-inputs';
import {
  checkCustomDrafts,
  fieldOfMessage,
  type CustomDraft,
  type CustomDrafts,
} from './custom-field-values';
import { AnalysisSection } from './analysis-section';
import { FormInput, formFieldId } from './form-input';
import { asOptions, type SetField } from './form-types';
import { ImpactSection } from './impact-section';
import {
  applyTemplate,
  buildPayload,
  initialFormState,
  validateForm,
  type FormError,
  type LogFormField,
  type OopsFormState,
} from './oops-form-model';
import { SimilarIncidents, type RepeatChoice } from '../links';
import { SimilarLessons } from './similar-lessons';
import { TagsField } from './tags-field';
import { TemplatePicker, TemplateSuggestions } from './template-picker';
import {
  incidentTimeErrors,
  nowPickerValue,
  OccurredResolvedFields,
  timeFieldId,
  toIso,
  type IncidentTimes,
  type TimeErrors,
} from './occurred-resolved-fields';
import { LoggedToast } from './logged-toast';

export function NewOopsPage() {
  usePageTitle('Log an Oops');
  const navigate = useNavigate();
  const departments = useDepartments();
  const create = useCreateOops();
  const types = useTeamTypes();
  const [state, setState] = useState<OopsFormState>(initialFormState);
  const [chosen, setChosen] = useState<IncidentTemplate | null>(null);
  const [formError, setFormError] = useState<FormError | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [repeatOf, setRepeatOf] = useState<RepeatChoice | null>(null);
  const [confidential, setConfidential] = useState(false);
  const [times, setTimes] = useState<IncidentTimes>(() => ({ occurred: nowPickerValue(), resolved: null }));
  const [timeErrors, setTimeErrors] = useState<TimeErrors>({});
  // Stable, so the memoised pickers do not draw again on every keystroke elsewhere in the form.
  const changeTimes = useCallback((next: IncidentTimes) => {
    setTimes(next);
    setTimeErrors({});
  }, []);
  const customFields = useActiveCustomFields();
  const [custom, setCustom] = useState<CustomDrafts>({});
  const [customErrors, setCustomErrors] = useState<Record<string, string>>({});
  const confidentialAllowed = useConfidentialAllowed();
  const offerConfidential = confidentialAllowed && state.kind === 'near_miss';
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const set: SetField = (key, value) => setState((s) => ({ ...s, [key]: value }));
  const template = types.templates.find((t) => t.name === state.oops_type);
  // The team's types as the type select's options (decision 025): its tiles, then the types without one.
  const typeOptions = asOptions([
    ...new Set([
      ...types.templates.map((t) => t.name),
      ...types.others,
      ...(state.oops_type ? [state.oops_type] : []),
    ]),
  ]);
  // A custom field is required for the team's type ids (decision 026): the chosen type's id decides the marks.
  const typeId = types.ids[state.oops_type];
  const chosenType = typeId === undefined ? null : { id: typeId, name: state.oops_type };
  const requiredKeys = new Set(requiredCustomFields(customFields, typeId).map((f) => f.key));
  const setCustomDraft = (key: string, draft: CustomDraft) => {
    setCustom((c) => ({ ...c, [key]: draft }));
    setCustomErrors(({ [key]: _cleared, ...rest }) => rest);
  };
  const busy = create.isPending || done;
  const invalid = (field: LogFormField) => formError?.fields.includes(field) ?? false;

  const choose = (t: IncidentTemplate) => {
    setChosen(t);
    setState((s) => applyTemplate(s, t));
  };
  const pickImpact = (impact: string) => {
    // A common impact that names a group of users fills users_affected; the others describe the impact.
    if (fieldOptions('users_affected').some((o) => o.value === impact)) set('users_affected', impact);
    else setState((s) => ({ ...s, impact: s.impact.trim() ? `${s.impact.trim()}\n${impact}` : impact }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const error = validateForm(state);
    const customCheck = checkCustomDrafts(customFields, custom, chosenType);
    const timeCheck = incidentTimeErrors(times);
    setFormError(error);
    setCustomErrors(customCheck.errors);
    setTimeErrors(timeCheck);
    if (error) {
      const first = error.fields[0];
      if (first) document.getElementById(formFieldId(first))?.focus();
      return;
    }
    const firstTime = (['occurred_at', 'resolved_at'] as const).find((f) => timeCheck[f]);
    if (firstTime) {
      document.getElementById(timeFieldId('log', firstTime))?.focus();
      return;
    }
    const firstCustom = customFields.find((f) => customCheck.errors[f.key]);
    if (firstCustom) {
      document.getElementById(customFieldInputId(firstCustom.key))?.focus();
      return;
    }
    const customValues =
      Object.keys(customCheck.values).length > 0 ? { custom_fields: customCheck.values } : {};
    // The repeat link is made in the same call, so the incident is never logged without it (decision 019).
    create.mutate(
      {
        ...buildPayload(state),
        ...(times.occurred ? { occurred_at: toIso(times.occurred)! } : {}),
        ...(times.resolved ? { resolved_at: toIso(times.resolved)! } : {}),
        ...(repeatOf ? { repeat_of: repeatOf.id } : {}),
        ...(offerConfidential && confidential ? { confidential: true } : {}),
        ...customValues,
      },
      {
        onSuccess: (created) => {
          setDone(true);
          toastSuccess(
            <LoggedToast
              idSlug={created.id_slug}
              onOpen={(path) => {
                clearTimeout(redirect.current);
                void navigate(path);
              }}
            />,
          );
          redirect.current = setTimeout(() => void navigate('/dashboard'), TIMINGS.createRedirectMs);
        },
        onError: (err) => {
          toastError(OOPS_MESSAGES.createFailed);
          if (err instanceof ApiError && err.kind === 'http') {
            setServerError(err.message);
            // A refusal that names a custom field (say, required for the type) shows on that field too.
            const key = fieldOfMessage(customFields, err.message);
            if (key) setCustomErrors({ [key]: err.message });
          }
        },
      },
    );
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Log an Oops</Title>
          <Text c="dimmed">Pick a template, describe what happened, and log it in under a minute.</Text>
        </div>
        <TemplatePicker templates={types.templates} chosen={chosen} onChoose={choose} />
        {chosen && (
          <TemplateSuggestions
            template={chosen}
            onDetection={(m) => set('detection_method', m)}
            onImpact={pickImpact}
          />
        )}
        <form onSubmit={submit} noValidate aria-label="Log incident">
          <Stack gap="md">
            {formError && (
              <Alert color="red" variant="outline" role="alert">
                {formError.message}
              </Alert>
            )}
            {serverError && (
              <Alert color="red" variant="outline" role="alert">
                {OOPS_TEXTS.createErrorInline(serverError)}
              </Alert>
            )}
            <Radio.Group label={fieldLabel('kind')} value={state.kind} onChange={(v) => set('kind', v)}>
              <Group gap="md" mt={4}>
                {fieldOptions('kind').map((o) => (
                  <Radio key={o.value} value={o.value} label={o.label} />
                ))}
              </Group>
            </Radio.Group>
            {offerConfidential && (
              <ConfidentialOption checked={confidential} onChange={setConfidential} disabled={busy} />
            )}
            <FormInput
              name="title"
              state={state}
              set={set}
              invalid={invalid('title')}
              limitLength={false}
              description={`Up to ${OOPS_LIMITS.titleMax} characters`}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <FormInput
                name="oops_type"
                state={state}
                set={set}
                required
                emptyLabel="Select a type"
                options={typeOptions}
                invalid={invalid('oops_type')}
              />
              <FormInput
                name="severity"
                state={state}
                set={set}
                emptyLabel="Select severity"
                invalid={invalid('severity')}
              />
              <FormInput
                name="area_department"
                state={state}
                set={set}
                emptyLabel="Select department"
                options={asOptions([
                  ...new Set([...departments, ...(state.area_department ? [state.area_department] : [])]),
                ])}
              />
            </SimpleGrid>
            <FormInput
              name="description"
              state={state}
              set={set}
              description={OOPS_TEXTS.descriptionHint}
              minRows={4}
              invalid={invalid('description')}
            />
            <SimilarIncidents
              title={state.title}
              description={state.description}
              repeatOf={repeatOf}
              onRepeatOf={setRepeatOf}
              disabled={busy}
            />
            <OccurredResolvedFields
              idPrefix="log"
              value={times}
              onChange={changeTimes}
              errors={timeErrors}
              disabled={busy}
            />
            <TagsField tags={state.tags} onChange={(tags) => set('tags', tags)} />
            <ImpactSection state={state} set={set} template={template} />
            <AnalysisSection state={state} set={set} template={template} />
            <CustomFieldInputs
              fields={customFields}
              drafts={custom}
              onChange={setCustomDraft}
              required={requiredKeys}
              errors={customErrors}
              disabled={busy}
            />
            <SimilarLessons title={state.title} description={state.description} />
            <Group justify="flex-end" gap="sm">
              <Button component={Link} to="/dashboard" variant="default">
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? OOPS_TEXTS.logging : OOPS_TEXTS.logIncident}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Container>
  );
}
