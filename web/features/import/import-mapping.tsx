// One select per column of the file: the field it fills, or ignore. Custom fields will be more options here.
import { NativeSelect, SimpleGrid } from '@mantine/core';
import type { ImportPreview, ImportTarget } from '../../../common/contracts/import';
import { IMPORT_TEXTS } from '../../../common/domain/import-texts';

interface Props {
  preview: ImportPreview;
  disabled: boolean;
  onChange: (mapping: (ImportTarget | null)[]) => void;
}

export function ImportMapping({ preview, disabled, onChange }: Props) {
  const options = [
    { value: '', label: IMPORT_TEXTS.ignore },
    ...preview.targets.map((t) => ({ value: t.value, label: t.label })),
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
      {preview.columns.map((column, i) => (
        <NativeSelect
          key={`${i}-${column}`}
          label={column || `Column ${i + 1}`}
          data={options}
          value={preview.mapping[i] ?? ''}
          disabled={disabled}
          onChange={(event) => {
            const next = [...preview.mapping];
            next[i] = (event.currentTarget.value || null) as ImportTarget | null;
            onChange(next);
          }}
        />
      ))}
    </SimpleGrid>
  );
}
