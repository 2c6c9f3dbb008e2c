// "Overdue" beside an action's title, the same on the incident page and on My Actions.
import { Badge } from '@mantine/core';
import { ACTION_TEXTS } from '../../../common/domain/action-texts';

export function OverdueBadge() {
  return (
    <Badge color="red" variant="light">
      {ACTION_TEXTS.overdue}
    </Badge>
  );
}
