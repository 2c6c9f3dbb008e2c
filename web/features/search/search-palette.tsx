// The command palette (Ctrl/⌘+K, decision 040): the team's incidents, actions and lessons from GET /api/search
// (asked once typing pauses) and the app's pages. Arrow keys move, Enter opens. A lazy chunk: nothing of it (nor
// of @mantine/spotlight) is in the first load; search-shortcuts.tsx loads it on the first shortcut.
import '@mantine/spotlight/styles.css';
import { useEffect, useState } from 'react';
import { Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { FileText, ListChecks, Lightbulb, Search } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { User } from '../../../common/contracts/auth';
import { useSearch } from './api/search';
import { HighlightedText } from './highlighted-text';
import { matchingPages, palettePages } from './palette-pages';
import classes from './search-palette.module.css';

const [store, palette] = createSpotlight();

/**
 * Marks the first result as the one Enter opens, as Spotlight does itself when the text changes: the server's answer
 * arrives later (its selectAction is not exported, so this sets the same attribute and state).
 */
function selectFirst() {
  const { listId } = store.getState();
  const list = listId ? document.getElementById(listId) : null;
  list?.querySelector('[data-selected]')?.removeAttribute('data-selected');
  list?.querySelector('[data-action]')?.setAttribute('data-selected', 'true');
  store.updateState((state) => ({ ...state, selected: 0 }));
}

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Milliseconds of no typing before the palette asks the server. */
const DEBOUNCE_MS = 200;

interface SearchPaletteProps {
  user: User;
  /** Changes each time the palette is asked to open (the shortcut again, or the first time it loads). */
  openRequest: number;
}

export function SearchPalette({ user, openRequest }: SearchPaletteProps) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  const { data, isFetching } = useSearch(debounced);

  useEffect(() => {
    if (openRequest > 0) palette.open();
  }, [openRequest]);

  useEffect(() => {
    if (data) selectFirst();
  }, [data]);

  const go = (to: string) => void navigate(to);
  const pages = matchingPages(palettePages(user), query);
  const answer = debounced ? data : undefined;
  const nothing =
    !pages.length && !answer?.incidents.length && !answer?.actions.length && !answer?.lessons.length;

  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      // The launcher (search-shortcuts.tsx) owns the shortcut: it must work before this chunk has loaded.
      shortcut={null}
      scrollable
      maxHeight={480}
      // The dialog's name for screen readers; shown, it would sit unstyled above the search box.
      title="Search"
      styles={{ header: { position: 'absolute', padding: 0, minHeight: 0 }, title: VISUALLY_HIDDEN }}
    >
      <Spotlight.Search
        placeholder="Search incidents, actions, lessons and pages..."
        aria-label="Search incidents, actions, lessons and pages"
        leftSection={isFetching ? <Loader size={16} /> : <Search size={16} aria-hidden />}
        maxLength={200}
      />
      <Spotlight.ActionsList aria-label="Results" className={classes.results}>
        {answer && answer.incidents.length > 0 && (
          <Spotlight.ActionsGroup label={answer.fuzzy ? 'Incidents with a similar spelling' : 'Incidents'}>
            {answer.incidents.map((incident) => (
              <Spotlight.Action
                key={`oops-${incident.id}`}
                onClick={() => go(`/oops/${incident.id}-${incident.slug}`)}
                leftSection={<FileText size={18} aria-hidden />}
              >
                {/* The row's width, the title truncating before the status is squeezed (a phone's palette). */}
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Group gap="xs" wrap="nowrap">
                    <Text fw={600} size="sm" truncate>
                      <HighlightedText {...incident.title} />
                    </Text>
                    <Badge
                      size="xs"
                      variant="light"
                      color={incident.status === 'Open' ? 'red' : 'gray'}
                      style={{ flexShrink: 0 }}
                    >
                      {incident.status}
                    </Badge>
                  </Group>
                  {incident.snippet.text && (
                    <Text size="xs" lineClamp={2}>
                      <HighlightedText {...incident.snippet} />
                    </Text>
                  )}
                </Stack>
              </Spotlight.Action>
            ))}
          </Spotlight.ActionsGroup>
        )}
        {answer && answer.actions.length > 0 && (
          <Spotlight.ActionsGroup label="Actions">
            {answer.actions.map((action) => (
              <Spotlight.Action
                key={`action-${action.id}`}
                onClick={() => go(`/oops/${action.oops_id}-${action.oops_slug}`)}
                leftSection={<ListChecks size={18} aria-hidden />}
              >
                <Text size="sm" truncate>
                  <HighlightedText {...action.title} />
                </Text>
              </Spotlight.Action>
            ))}
          </Spotlight.ActionsGroup>
        )}
        {answer && answer.lessons.length > 0 && (
          <Spotlight.ActionsGroup label="Lessons">
            {answer.lessons.map((lesson) => (
              <Spotlight.Action
                key={`lesson-${lesson.id}`}
                onClick={() => go(`/lessons?search=${encodeURIComponent(lesson.text.text.slice(0, 100))}`)}
                leftSection={<Lightbulb size={18} aria-hidden />}
              >
                <Text size="sm" lineClamp={2}>
                  <HighlightedText {...lesson.text} />
                </Text>
              </Spotlight.Action>
            ))}
          </Spotlight.ActionsGroup>
        )}
        {pages.length > 0 && (
          <Spotlight.ActionsGroup label="Pages">
            {pages.map((page) => (
              <Spotlight.Action key={page.to} label={page.label} onClick={() => go(page.to)} />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {nothing && <Spotlight.Empty>{isFetching ? 'Searching...' : 'Nothing found.'}</Spotlight.Empty>}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
