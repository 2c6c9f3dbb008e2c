// Linking another incident from the detail page (decision 045): a search box over the team's incidents (the ranked
// search the command palette uses), or a number or link typed or pasted; optionally as a repeat of it.
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Combobox, Group, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MESSAGES } from '../../../common/domain/messages';
import { RECURRENCE_TEXTS as T } from '../../../common/domain/recurrence-texts';
import { parseIdSlug } from '../../../common/domain/tags';
import { toastSuccess } from '../../lib/toast';
import { errorMessage } from '../../lib/transport';
import { HighlightedText, useSearch } from '../search';
import { useLinkOops } from './api/link-oops';

/** "42", "#42", "42-database-outage" or a link ending in one of them. */
export function referencedId(text: string): number | null {
  const last = text.trim().replace(/\/+$/, '').split('/').pop() ?? '';
  return parseIdSlug(last.replace(/^#/, ''));
}

/** Searching starts at this many characters: fewer match too much to help. */
const SEARCH_MIN = 2;

interface LinkFormProps {
  oopsId: number;
  /** Incidents already linked, left out of the suggestions. */
  linked: number[];
}

export function LinkForm({ oopsId, linked }: LinkFormProps) {
  const link = useLinkOops(oopsId);
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const [repeat, setRepeat] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [debounced] = useDebouncedValue(text.trim(), 250);
  // A number or a link names the incident already: nothing to search for.
  const query =
    chosen === null && referencedId(debounced) === null && debounced.length >= SEARCH_MIN ? debounced : '';
  const search = useSearch(query);
  const options = (search.data?.incidents ?? []).filter((i) => i.id !== oopsId && !linked.includes(i.id));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const otherId = chosen ?? referencedId(text);
    if (otherId === null) {
      setError(T.badReference);
      return;
    }
    setError(null);
    combobox.closeDropdown();
    link.mutate(
      { otherId, repeat },
      {
        onSuccess: () => {
          setText('');
          setChosen(null);
          setRepeat(false);
          toastSuccess(T.linked);
        },
        onError: (err) => setError(errorMessage(err, MESSAGES.networkError)),
      },
    );
  };
  const choose = (value: string) => {
    const hit = options.find((o) => String(o.id) === value);
    if (!hit) return;
    setChosen(hit.id);
    setText(hit.title.text);
    setError(null);
    combobox.closeDropdown();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={T.linkLabel}>
      <Stack gap="xs">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Combobox store={combobox} onOptionSubmit={choose}>
            <Combobox.Target>
              <TextInput
                label={T.linkLabel}
                placeholder={T.linkPlaceholder}
                value={text}
                onChange={(e) => {
                  setText(e.currentTarget.value);
                  setChosen(null);
                  combobox.openDropdown();
                  combobox.updateSelectedOptionIndex();
                }}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
                error={error}
                style={{ flex: '1 1 14rem' }}
              />
            </Combobox.Target>
            <Combobox.Dropdown hidden={query === ''}>
              <Combobox.Options aria-label={T.linkLabel}>
                {options.length === 0 ? (
                  <Combobox.Empty>{search.isFetching ? T.searching : T.noMatch}</Combobox.Empty>
                ) : (
                  options.map((o) => (
                    <Combobox.Option value={String(o.id)} key={o.id}>
                      <Text size="sm" span c="dimmed">
                        #{o.id}{' '}
                      </Text>
                      <Text size="sm" span>
                        <HighlightedText {...o.title} />
                      </Text>
                      <Text size="xs" c="dimmed">
                        {o.status}
                      </Text>
                    </Combobox.Option>
                  ))
                )}
              </Combobox.Options>
            </Combobox.Dropdown>
          </Combobox>
          <Button type="submit" loading={link.isPending} variant="light">
            {T.link}
          </Button>
        </Group>
        <Checkbox
          label={T.linkAsRepeat}
          checked={repeat}
          onChange={(e) => setRepeat(e.currentTarget.checked)}
        />
      </Stack>
    </form>
  );
}
