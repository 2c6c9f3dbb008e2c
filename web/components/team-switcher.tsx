// Team switcher for the user menu: listed only for people in more than one team. It renders inside the
// menu's dropdown, so the teams are fetched when the menu opens, not on every page. It sits in the entry chunk
// with the shell, so answers are checked by small guards typed from the contract rather than by zod.
import { Menu, Text, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Users } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { myTeamsResponse } from '../../common/contracts/team';
import { ROLES } from '../../common/domain/options';
import { toastError, toastSuccess } from '../lib/toast';
import { errorMessage, request, type ResponseParser } from '../lib/transport';

type MyTeams = z.infer<typeof myTeamsResponse>;
type MyTeam = MyTeams['teams'][number];

function isTeam(value: unknown): value is MyTeam {
  if (typeof value !== 'object' || value === null) return false;
  const t = value as Record<string, unknown>;
  return (
    typeof t.id === 'number' &&
    typeof t.name === 'string' &&
    typeof t.current === 'boolean' &&
    (ROLES as readonly unknown[]).includes(t.role)
  );
}

const teamsParser: ResponseParser<MyTeams> = {
  safeParse: (input) => {
    const teams = (input as { teams?: unknown } | null)?.teams;
    return Array.isArray(teams) && teams.every(isTeam)
      ? { success: true, data: { teams } }
      : { success: false };
  },
};

/** The switch answers with the user object; the session re-reads it, so the body is not needed here. */
const anyBody: ResponseParser<unknown> = { safeParse: (input) => ({ success: true, data: input }) };

export const MY_TEAMS_KEY = ['user', 'teams'] as const;

export function TeamSwitcherItems() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const teams = useQuery({
    queryKey: MY_TEAMS_KEY,
    queryFn: ({ signal }) => request('/api/user/teams', { schema: teamsParser, signal }),
    staleTime: 30_000,
  });
  const change = useMutation({
    mutationFn: (team: MyTeam) =>
      request('/api/user/current-team', { method: 'POST', body: { teamId: team.id }, schema: anyBody }),
    onSuccess: async (_answer, team) => {
      // Everything on screen belonged to the previous team: the session user (role, team) and every list.
      await queryClient.invalidateQueries();
      toastSuccess(`Switched to ${team.name}.`);
      await navigate('/dashboard');
    },
    onError: (error) => toastError(errorMessage(error, 'Failed to switch team.')),
  });

  const list = teams.data?.teams ?? [];
  if (list.length < 2) return null;
  return (
    <>
      <Menu.Label>Switch team</Menu.Label>
      {list.map((team) => (
        <Menu.Item
          key={team.id}
          disabled={change.isPending}
          onClick={() => {
            if (!team.current) change.mutate(team);
          }}
          leftSection={team.current ? <Check size={16} aria-hidden /> : <Users size={16} aria-hidden />}
          rightSection={
            <Text component="span" size="xs" c="dimmed">
              {team.role}
            </Text>
          }
        >
          {team.name}
          {team.current && <VisuallyHidden>{' (current team)'}</VisuallyHidden>}
        </Menu.Item>
      ))}
      <Menu.Divider />
    </>
  );
}
