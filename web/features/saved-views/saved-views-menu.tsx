// The log's saved views (decision 041): apply one (its query string becomes the page's), save the current filters,
// sort and view under a name, or delete one. Each user sees only their own, in their current team.
import { useState } from 'react';
import { ActionIcon, Button, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import { Bookmark, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { SAVED_VIEW_LIMITS } from '../../../common/contracts/saved-views';
import { MESSAGES } from '../../../common/domain/messages';
import { toastError } from '../../lib/toast';
import { errorMessage } from '../../lib/transport';
import { useSavedViews, useSavedViewWrites } from './api';

interface Props {
  /** The page's query string as a view keeps it (filters, sort and view), without `?`. */
  currentQuery: string;
}

export function SavedViewsMenu({ currentQuery }: Props) {
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { views } = useSavedViews();
  const { create, remove } = useSavedViewWrites();
  const navigate = useNavigate();

  const save = async () => {
    setError(null);
    try {
      await create.mutateAsync({ name, query: currentQuery });
      setName('');
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.networkError));
    }
  };
  const apply = (query: string) => {
    setOpened(false);
    void navigate(`/oops${query ? `?${query}` : ''}`);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} trapFocus withinPortal>
      <Popover.Target>
        <Button
          variant="default"
          // The size of the log toolbar's other controls, so that the toolbar takes two lines on a phone.
          size="xs"
          leftSection={<Bookmark aria-hidden size={16} />}
          onClick={() => setOpened((o) => !o)}
          aria-expanded={opened}
        >
          Saved views
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          {views.length === 0 ? (
            <Text size="sm" c="dimmed">
              No saved views yet.
            </Text>
          ) : (
            <Stack gap={4} component="ul" aria-label="Saved views" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {views.map((view) => (
                <Group key={view.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                  <Button variant="subtle" size="compact-sm" onClick={() => apply(view.query)} styles={{ inner: { justifyContent: 'flex-start' } }}>
                    {view.name}
                  </Button>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete saved view ${view.name}`}
                    loading={remove.isPending && remove.variables === view.id}
                    onClick={() =>
                      remove.mutate(view.id, {
                        onError: (failure) => toastError(errorMessage(failure, MESSAGES.networkError)),
                      })
                    }
                  >
                    <Trash2 aria-hidden size={16} />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          )}
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                label="Save the current view as"
                placeholder="e.g. My open"
                value={name}
                maxLength={SAVED_VIEW_LIMITS.nameMax}
                onChange={(event) => setName(event.currentTarget.value)}
                error={error}
                style={{ flex: 1 }}
              />
              <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
                Save
              </Button>
            </Group>
          </form>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
