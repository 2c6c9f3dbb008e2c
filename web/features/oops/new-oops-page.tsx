// Log incident screen (spec §2 /oops/new): templates, the main fields, tags, the two optional sections, similar
// incidents while typing, Cancel and Log Incident.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Container,
  Group,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { TIMINGS } from '../../../common/domain/options';
import {
  INCIDENT_TYPES,
  OOPS_KINDS,
  OOPS_KIND_LABELS,
  OOPS_LIMITS,
  OOPS_MESSAGES,
  SEVERITY_OPTIONS,
  USERS_AFFECTED,
  type IncidentType,
} from '../../../common/domain/oops-options';
import { OOPS_TEXTS } from '../../../common/domain/oops-texts';
import { templateFor, type IncidentTemplate } from '../../../common/domain/templates';
import { toastError, toastSuccess } from '../../lib/toast';
import { ApiError } from '../../lib/transport';
import { usePageTitle } from '../../lib/use-page-title';
import { useCreateOops } from './api/create-oops';
import { useDepartments } from './api/list-departments';
import { AnalysisSection } from './analysis-section';
import { withEmpty, type SetField } from './form-types';
import { ImpactSection } from './impact-section';
import {
  applyTemplate,
  buildPayload,
  initialFormState,
  validateForm,
  type FormError,
  type OopsFormState,
} from './oops-form-model';
import { SimilarIncidents } from './similar-incidents';
import { TagsField } from './tags-field';
import { TemplatePicker, TemplateSuggestions } from './template-picker';

const FIELD_IDS = {
  title: 'oops-title',
  severity: 'oops-severity',
  description: 'oops-description',
  oops_type: 'oops-type',
} as const;

export function NewOopsPage() {
  usePageTitle('Log an Oops');
  const navigate = useNavigate();
  const departments = useDepartments();
  const create = useCreateOops();
  const [state, setState] = useState<OopsFormState>(initialFormState);
  const [chosen, setChosen] = useState<IncidentTemplate | null>(null);
  const [formError, setFormError] = useState<FormError | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const set: SetField = (key, value) => setState((s) => ({ ...s, [key]: value }));
  const template = templateFor(state.oops_type);
  const busy = create.isPending || done;
  const invalid = (field: keyof typeof FIELD_IDS) => formError?.fields.includes(field) ?? false;

  const choose = (t: IncidentTemplate) => {
    setChosen(t);
    setState((s) => applyTemplate(s, t));
  };
  const pickImpact = (impact: string) => {
    // A common impact that names a group of users fills users_affected; the others describe the impact.
    if ((USERS_AFFECTED as readonly string[]).includes(impact)) set('users_affected', impact);
    else setState((s) => ({ ...s, impact: s.impact.trim() ? `${s.impact.trim()}\n${impact}` : impact }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const error = validateForm(state);
    setFormError(error);
    if (error) {
      const first = error.fields[0];
      if (first) document.getElementById(FIELD_IDS[first])?.focus();
      return;
    }
    create.mutate(buildPayload(state), {
      onSuccess: () => {
        setDone(true);
        toastSuccess(OOPS_MESSAGES.created);
        redirect.current = setTimeout(() => void navigate('/dashboard'), TIMINGS.createRedirectMs);
      },
      onError: (err) => {
        toastError(OOPS_MESSAGES.createFailed);
        if (err instanceof ApiError && err.kind === 'http') setServerError(err.message);
      },
    });
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Log an Oops</Title>
          <Text c="dimmed">Pick a template, describe what happened, and log it in under a minute.</Text>
        </div>
        <TemplatePicker chosen={chosen} onChoose={choose} />
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
            <Radio.Group label="Kind" value={state.kind} onChange={(v) => set('kind', v)}>
              <Group gap="md" mt={4}>
                {OOPS_KINDS.map((kind) => (
                  <Radio key={kind} value={kind} label={OOPS_KIND_LABELS[kind]} />
                ))}
              </Group>
            </Radio.Group>
            <TextInput
              id={FIELD_IDS.title}
              label="Title"
              required
              value={state.title}
              onChange={(e) => set('title', e.currentTarget.value)}
              error={invalid('title') || undefined}
              description={`Up to ${OOPS_LIMITS.titleMax} characters`}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <NativeSelect
                id={FIELD_IDS.oops_type}
                label="Incident Type"
                required
                value={state.oops_type}
                data={withEmpty('Select a type', INCIDENT_TYPES)}
                onChange={(e) => set('oops_type', e.currentTarget.value as IncidentType | '')}
                error={invalid('oops_type') || undefined}
              />
              <NativeSelect
                id={FIELD_IDS.severity}
                label="Severity"
                required
                value={state.severity}
                data={[{ value: '', label: 'Select severity' }, ...SEVERITY_OPTIONS]}
                onChange={(e) => set('severity', e.currentTarget.value as OopsFormState['severity'])}
                error={invalid('severity') || undefined}
              />
              <NativeSelect
                label="Department"
                value={state.area_department}
                data={withEmpty('Select department', [
                  ...new Set([...departments, ...(state.area_department ? [state.area_department] : [])]),
                ])}
                onChange={(e) => set('area_department', e.currentTarget.value)}
              />
            </SimpleGrid>
            <Textarea
              id={FIELD_IDS.description}
              label="Detailed description"
              description={OOPS_TEXTS.descriptionHint}
              required
              autosize
              minRows={4}
              value={state.description}
              maxLength={OOPS_LIMITS.descriptionMax}
              onChange={(e) => set('description', e.currentTarget.value)}
              error={invalid('description') || undefined}
            />
            <SimilarIncidents title={state.title} description={state.description} />
            <TagsField tags={state.tags} onChange={(tags) => set('tags', tags)} />
            <ImpactSection state={state} set={set} template={template} />
            <AnalysisSection state={state} set={set} template={template} />
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
