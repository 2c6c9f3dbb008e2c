// Tags (docs/product.md §2): quick tags toggle on and off; custom tags are added with the Add button or Enter; every chosen
// tag is a removable chip.
import { useState, type KeyboardEvent } from 'react';
import { Button, CloseButton, Group, Pill, Stack, Text, TextInput } from '@mantine/core';
import { OOPS_LIMITS, QUICK_TAGS } from '../../../common/domain/oops-options';
import { normaliseTags } from '../../../common/domain/tags';

interface TagsFieldProps {
  tags: string[];
  onChange: (tags: string[]) => void;
}

export function TagsField({ tags, onChange }: TagsFieldProps) {
  const [custom, setCustom] = useState('');
  const full = tags.length >= OOPS_LIMITS.tagsMax;

  const add = () => {
    const tag = custom.trim().toLowerCase().slice(0, OOPS_LIMITS.tagMax);
    if (!tag || full) return;
    onChange(normaliseTags([...tags, tag]));
    setCustom('');
  };
  const toggle = (tag: string) =>
    onChange(tags.includes(tag) ? tags.filter((t) => t !== tag) : normaliseTags([...tags, tag]));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the tag instead of submitting the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <Stack gap="xs" role="group" aria-labelledby="tags-label">
      <Text size="sm" fw={500} id="tags-label">
        Tags
      </Text>
      <Group gap={6} aria-label="Quick tags" role="group">
        {QUICK_TAGS.map((tag) => (
          <Button
            key={tag}
            size="compact-sm"
            radius="xl"
            variant={tags.includes(tag) ? 'filled' : 'default'}
            aria-pressed={tags.includes(tag)}
            onClick={() => toggle(tag)}
          >
            {tag}
          </Button>
        ))}
      </Group>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Custom tag"
          placeholder="e.g. billing"
          value={custom}
          maxLength={OOPS_LIMITS.tagMax}
          onChange={(event) => setCustom(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          style={{ flex: 1 }}
          disabled={full}
        />
        <Button variant="default" onClick={add} disabled={!custom.trim() || full}>
          Add
        </Button>
      </Group>
      {tags.length > 0 ? (
        <Group gap={6} aria-label="Chosen tags" role="list">
          {tags.map((tag) => (
            <Pill key={tag} size="md" role="listitem">
              <Group gap={2} wrap="nowrap">
                {tag}
                <CloseButton
                  size="xs"
                  aria-label={`Remove tag ${tag}`}
                  onClick={() => onChange(tags.filter((t) => t !== tag))}
                />
              </Group>
            </Pill>
          ))}
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          No tags chosen: up to 3 will be suggested from the title and description.
        </Text>
      )}
    </Stack>
  );
}
