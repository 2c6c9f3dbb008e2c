// The first rows as the mapping reads them, with problem cells marked, and the list of every problem found.
import { Alert, Stack, Table, Title } from '@mantine/core';
import { importTargetLabel, type ImportPreview, type ImportTarget } from '../../../common/contracts/import';
import { IMPORT_TEXTS } from '../../../common/domain/import-texts';
import classes from './import.module.css';

export function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  const targets = preview.mapping.filter((t): t is ImportTarget => t !== null);
  // A custom field's label is the team's, which only the preview's list of targets carries.
  const labels = new Map(preview.targets.map((t) => [t.value, t.label]));
  const bad = new Set(
    preview.errors.map((e) => `${e.line}:${e.field === 'what_happened' ? 'description' : e.field}`),
  );
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {IMPORT_TEXTS.previewTitle}
      </Title>
      <Table.ScrollContainer minWidth={500}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Line</Table.Th>
              {targets.map((t) => (
                <Table.Th key={t} scope="col">
                  {labels.get(t) ?? importTargetLabel(t)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((row) => (
              <Table.Tr key={row.line}>
                <Table.Td>{row.line}</Table.Td>
                {targets.map((t) => {
                  const wrong = bad.has(`${row.line}:${t}`);
                  return (
                    <Table.Td key={t} className={wrong ? classes.badCell : undefined}>
                      {row.values[t]}
                      {wrong && <span className={classes.hidden}> (has a problem)</span>}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

export function ImportErrors({ preview }: { preview: ImportPreview }) {
  if (preview.error_count === 0) return null;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {IMPORT_TEXTS.errorsTitle}
      </Title>
      <Alert color="red" variant="outline" role="alert">
        {IMPORT_TEXTS.rowsInvalid(preview.error_count)}
      </Alert>
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Where</Table.Th>
            <Table.Th scope="col">Problem</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.errors.map((e, i) => (
            <Table.Tr key={i}>
              <Table.Td>
                {IMPORT_TEXTS.errorAt(e.line, e.column_name ?? (e.column ? String(e.column) : null))}
              </Table.Td>
              <Table.Td>{e.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
