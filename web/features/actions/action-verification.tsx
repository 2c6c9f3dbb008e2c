// An action's verification on the incident page (decision 048): how we will know it worked, the day to check, the
// answer (verified, or the note of a fix that did not hold), and the flag of a repeat that reopened a verified fix.
import { Alert, Badge, Group, List, Text } from '@mantine/core';
import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import type { Action, FixNotHeld } from '../../../common/contracts/actions';
import { VERIFICATION_TEXTS as T } from '../../../common/domain/verification';
import { formatDate, formatDay } from '../../lib/format';

const STATE_COLOR = { pending: 'gray', verified: 'green', failed: 'red' } as const;

/** The verification lines under an action; nothing when none is planned. */
export function ActionVerification({ action }: { action: Action }) {
  const v = action.verification;
  if (!v && !action.verification_check) return null;
  return (
    <>
      {action.verification_check && (
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          {T.checkLabel}: {action.verification_check}
        </Text>
      )}
      {v && (
        <Group gap={6} wrap="wrap">
          <Badge size="sm" variant="light" color={STATE_COLOR[v.state]}>
            {T.state[v.state]}
          </Badge>
          <Text size="xs" c={v.state === 'failed' ? 'var(--mantine-color-error)' : 'dimmed'}>
            {v.state === 'verified' && v.answered_at
              ? T.verifiedBy(v.answered_by_name, formatDate(v.answered_at))
              : v.state === 'failed' && v.note
                ? T.failedNote(v.note)
                : action.verify_on && T.checkOn(formatDay(action.verify_on))}
          </Text>
          {v.repeated_by && (
            <Text size="xs" c="var(--mantine-color-error)">
              {T.repeatedBy(v.repeated_by.id)}
            </Text>
          )}
        </Group>
      )}
    </>
  );
}

/** On both incidents: the fixes that did not hold, with a link to the other incident. */
export function FixesNotHeldAlert({ oopsId, fixes }: { oopsId: number; fixes: FixNotHeld[] }) {
  if (fixes.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<ShieldAlert size={18} aria-hidden />}
      title={T.flagsLabel}
      data-testid="fixes-not-held"
    >
      <List size="sm" spacing={2}>
        {fixes.map((fix) =>
          fix.earlier.id === oopsId ? (
            <List.Item key={fix.action_id}>
              <Link to={`/oops/${fix.repeat.id_slug}`}>{T.repeatedBy(fix.repeat.id)}</Link> (
              {fix.action_title})
            </List.Item>
          ) : (
            <List.Item key={fix.action_id}>
              <Link to={`/oops/${fix.earlier.id_slug}`}>{T.repeats(fix.earlier.id, fix.action_title)}</Link>
            </List.Item>
          ),
        )}
      </List>
    </Alert>
  );
}
