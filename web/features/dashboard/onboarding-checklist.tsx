// The new team's checklist (decision 038): each step ticks itself from the team's data and links to where it is done;
// an owner may put it away for the whole team.
import { Anchor, Button, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { Check, Circle } from 'lucide-react';
import { Link } from 'react-router';
import type { AttentionResponse } from '../../../common/contracts/dashboard-attention';
import { ATTENTION_TEXTS, ONBOARDING_STEP_TEXTS } from '../../../common/domain/attention';
import { toastError } from '../../lib/toast';
import { useDismissOnboarding } from './api/attention';
import classes from './attention.module.css';
import { Panel } from './panel';

export function OnboardingChecklist({
  onboarding,
}: {
  onboarding: NonNullable<AttentionResponse['onboarding']>;
}) {
  const dismiss = useDismissOnboarding();
  const done = onboarding.steps.filter((s) => s.done).length;
  const onDismiss = () =>
    dismiss.mutate(undefined, {
      onError: () => toastError(ATTENTION_TEXTS.dismissFailed),
    });
  return (
    <Panel
      id="onboarding"
      title={ATTENTION_TEXTS.checklistTitle}
      actions={
        onboarding.can_dismiss ? (
          <Button variant="default" size="xs" onClick={onDismiss} loading={dismiss.isPending}>
            {ATTENTION_TEXTS.dismiss}
          </Button>
        ) : undefined
      }
    >
      <Text size="sm" c="dimmed">
        {ATTENTION_TEXTS.checklistHint} {done} of {onboarding.steps.length} done.
      </Text>
      <ul className={classes.steps}>
        {onboarding.steps.map((step) => {
          const { label, to } = ONBOARDING_STEP_TEXTS[step.key];
          return (
            <li key={step.key} className={classes.step} data-done={step.done || undefined}>
              <ThemeIcon
                variant={step.done ? 'filled' : 'light'}
                color={step.done ? 'green' : 'gray'}
                size="sm"
                radius="xl"
                aria-hidden
              >
                {step.done ? <Check size={14} /> : <Circle size={10} />}
              </ThemeIcon>
              <Anchor component={Link} to={to} size="sm">
                {label}
              </Anchor>
              <VisuallyHidden>({step.done ? ATTENTION_TEXTS.done : ATTENTION_TEXTS.toDo})</VisuallyHidden>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}
