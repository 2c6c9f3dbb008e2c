// /lessons (decision 020): every lesson learned across the team's incidents, searchable and filtered by
// the type, department, tag and period of their incidents. Owners and admins adopt, verify and merge them.
// The filters live in the URL, so a filtered list can be shared.
import { Button, Container, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { REPORT_PERIODS } from '../../../common/domain/dashboard';
import { LESSON_STATE_LABELS, LESSON_STATES, LESSON_TEXTS } from '../../../common/domain/lesson-texts';
import { FALLBACK_DEPARTMENTS, MANAGER_ROLES } from '../../../common/domain/options';
import { useSession } from '../../lib/session/use-session';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { usePageTitle } from '../../lib/use-page-title';
import type { LessonFilters } from './api/lessons-keys';
import { useLessons } from './api/list-lessons';
import { LessonList } from './lesson-list';
import { useTypeNames } from '../../lib/incident-types';

const SEARCH_DEBOUNCE_MS = 300;

/** The filters from the URL; anything unknown is dropped. */
export function readLessonFilters(params: URLSearchParams): LessonFilters {
  const text = (name: string, max = 100) => params.get(name)?.slice(0, max) ?? '';
  const state = text('state');
  const period = text('period');
  return {
    search: text('search', 200),
    state: (LESSON_STATES as readonly string[]).includes(state) ? (state as LessonFilters['state']) : '',
    type: text('type'),
    department: text('department'),
    tag: text('tag'),
    period: REPORT_PERIODS.some((p) => String(p.days) === period) ? period : '',
  };
}

export function LessonsPage() {
  usePageTitle(LESSON_TEXTS.pageTitle);
  const { user } = useSession();
  const canManage = user?.role != null && MANAGER_ROLES.includes(user.role);
  const [params, setParams] = useSearchParams();
  const filters = readLessonFilters(params);
  const typeNames = useTypeNames();
  // The search box answers every keystroke; the URL (and the request) follow after a pause in typing.
  const [search, setSearch] = useState(filters.search);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const lessons = useLessons(filters);

  // Changes build on the latest URL, not on this render's: a settled search and a filter picked right after it
  // may both land before the next render, and the second must not undo the first.
  const latest = useRef(params);
  latest.current = params;
  const setParam = (name: keyof LessonFilters, value: string) => {
    const next = new URLSearchParams(latest.current);
    if (value) next.set(name, value);
    else next.delete(name);
    latest.current = next;
    setParams(next, { replace: true });
  };
  useEffect(() => {
    if (debounced.trim() !== filters.search) setParam('search', debounced.trim());
    // Only a settled search changes the URL; the other filters change it themselves.
  }, [debounced]);

  const filtered = Object.values(filters).some(Boolean);
  const items = lessons.data?.pages.flatMap((page) => page.lessons) ?? [];
  const matched = lessons.data?.pages[0]?.matched ?? 0;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{LESSON_TEXTS.pageTitle}</Title>
          <Text c="dimmed">{LESSON_TEXTS.intro}</Text>
        </div>
        <Stack gap="sm">
          <TextInput
            type="search"
            label={LESSON_TEXTS.searchLabel}
            placeholder={LESSON_TEXTS.searchPlaceholder}
            value={search}
            maxLength={200}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <Group gap="md" align="flex-end" wrap="wrap">
            <NativeSelect
              label={LESSON_TEXTS.stateLabel}
              value={filters.state}
              onChange={(event) => setParam('state', event.currentTarget.value)}
              data={[
                { value: '', label: LESSON_TEXTS.anyState },
                ...LESSON_STATES.map((s) => ({ value: s, label: LESSON_STATE_LABELS[s] })),
              ]}
            />
            <NativeSelect
              label={LESSON_TEXTS.typeLabel}
              value={filters.type}
              onChange={(event) => setParam('type', event.currentTarget.value)}
              data={[
                { value: '', label: LESSON_TEXTS.anyType },
                ...new Set([...typeNames, ...(filters.type ? [filters.type] : [])]),
              ]}
            />
            <NativeSelect
              label={LESSON_TEXTS.departmentLabel}
              value={filters.department}
              onChange={(event) => setParam('department', event.currentTarget.value)}
              data={[{ value: '', label: LESSON_TEXTS.anyDepartment }, ...FALLBACK_DEPARTMENTS]}
            />
            <TextInput
              label={LESSON_TEXTS.tagLabel}
              placeholder={LESSON_TEXTS.tagPlaceholder}
              defaultValue={filters.tag}
              maxLength={100}
              onBlur={(event) => setParam('tag', event.currentTarget.value.trim())}
              onKeyDown={(event) => {
                if (event.key === 'Enter') setParam('tag', event.currentTarget.value.trim());
              }}
            />
            <NativeSelect
              label={LESSON_TEXTS.periodLabel}
              value={filters.period}
              onChange={(event) => setParam('period', event.currentTarget.value)}
              data={[
                { value: '', label: LESSON_TEXTS.anyPeriod },
                ...REPORT_PERIODS.map((p) => ({ value: String(p.days), label: p.label })),
              ]}
            />
          </Group>
        </Stack>
        {lessons.isPending ? (
          <Text role="status">{LESSON_TEXTS.loading}</Text>
        ) : lessons.isError ? (
          <LoadErrorAlert
            title={LESSON_TEXTS.loadFailed}
            error={lessons.error}
            onRetry={() => void lessons.refetch()}
            retryLabel={LESSON_TEXTS.tryAgain}
          />
        ) : items.length === 0 ? (
          <Text c="dimmed">{filtered ? LESSON_TEXTS.emptyFiltered : LESSON_TEXTS.empty}</Text>
        ) : (
          <Stack gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="lesson-count">
              {LESSON_TEXTS.showing(items.length, matched)}
            </Text>
            <LessonList lessons={items} canManage={canManage} />
            {lessons.hasNextPage && (
              <Button
                variant="light"
                style={{ alignSelf: 'center' }}
                loading={lessons.isFetchingNextPage}
                onClick={() => void lessons.fetchNextPage()}
              >
                {LESSON_TEXTS.loadMore}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
