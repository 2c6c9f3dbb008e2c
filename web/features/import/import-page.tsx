// /oops/import (owners and admins; the route guard and the server both check): pick a CSV file, check the mapping
// of its columns and the preview with its problems, then import every row or none (docs/decisions/023-csv-import.md).
import { useState } from 'react';
import { Anchor, Button, Checkbox, Container, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { Download, Upload } from 'lucide-react';
import { Link } from 'react-router';
import type { ImportTarget } from '../../../common/contracts/import';
import { IMPORT_LIMITS, IMPORT_TEXTS } from '../../../common/domain/import-texts';
import { FailureAlert } from '../../components/failure-alert';
import { SuccessAlert } from '../../components/success-alert';
import { toastError } from '../../lib/toast';
import { errorMessage } from '../../lib/transport';
import { usePageTitle } from '../../lib/use-page-title';
import { downloadTemplate } from './api/download-template';
import { useImportOops } from './api/import-oops';
import { usePreviewImport } from './api/preview-import';
import { ImportMapping } from './import-mapping';
import { ImportErrors, ImportPreviewTable } from './import-preview-table';

export function ImportPage() {
  usePageTitle('Import');
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [dayFirst, setDayFirst] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = usePreviewImport();
  const importing = useImportOops();
  const data = preview.data;

  const run = (text: string, mapping: (ImportTarget | null)[] | undefined, day_first: boolean) => {
    importing.reset();
    preview.mutate({ csv: text, mapping, day_first });
  };

  async function pick(next: File | null) {
    setFile(next);
    setCsv(null);
    setFileError(null);
    preview.reset();
    importing.reset();
    if (!next) return;
    if (next.size > IMPORT_LIMITS.maxBytes) {
      setFileError(IMPORT_TEXTS.tooLarge);
      return;
    }
    const text = await next.text();
    setCsv(text);
    run(text, undefined, dayFirst);
  }

  const canImport = !!csv && !!data && data.error_count === 0 && data.row_count > 0 && !preview.isPending;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{IMPORT_TEXTS.pageTitle}</Title>
          <Text c="dimmed">{IMPORT_TEXTS.intro}</Text>
        </div>
        <Group align="flex-end" gap="md">
          <FileInput
            label={IMPORT_TEXTS.fileLabel}
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            value={file}
            onChange={(next) => void pick(next)}
            leftSection={<Upload aria-hidden size={16} />}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the file' }}
            w={320}
            error={fileError}
          />
          <Anchor
            component="button"
            type="button"
            onClick={() => {
              downloadTemplate().catch((e: unknown) => toastError(errorMessage(e, 'Download failed.')));
            }}
          >
            <Group gap={4}>
              <Download aria-hidden size={16} />
              {IMPORT_TEXTS.templateLink}
            </Group>
          </Anchor>
        </Group>
        <Checkbox
          label={IMPORT_TEXTS.dayFirstLabel}
          description={IMPORT_TEXTS.dayFirstHelp}
          checked={dayFirst}
          onChange={(event) => {
            const next = event.currentTarget.checked;
            setDayFirst(next);
            if (csv) run(csv, data?.mapping, next);
          }}
        />

        {preview.isPending && <Text aria-live="polite">Reading the file…</Text>}
        <FailureAlert title="The file cannot be imported" error={preview.error} />

        {data && (
          <>
            <Stack gap="sm">
              <Title order={2} size="h3">
                {IMPORT_TEXTS.mappingTitle}
              </Title>
              <ImportMapping
                preview={data}
                disabled={preview.isPending || importing.isPending}
                onChange={(mapping) => csv && run(csv, mapping, dayFirst)}
              />
            </Stack>
            {data.row_count === 0 ? (
              <Text>{IMPORT_TEXTS.noRows}</Text>
            ) : (
              <ImportPreviewTable preview={data} />
            )}
            <ImportErrors preview={data} />
            {!importing.isSuccess && (
              <Group>
                <Button
                  leftSection={<Upload aria-hidden size={16} />}
                  disabled={!canImport}
                  loading={importing.isPending}
                  onClick={() => csv && importing.mutate({ csv, mapping: data.mapping, day_first: dayFirst })}
                >
                  {IMPORT_TEXTS.importButton(data.row_count)}
                </Button>
              </Group>
            )}
          </>
        )}
        <FailureAlert title="Nothing was imported" error={importing.error} />
        {importing.data && (
          <SuccessAlert title={IMPORT_TEXTS.imported(importing.data.imported)}>
            <Anchor component={Link} to="/oops">
              {IMPORT_TEXTS.toList}
            </Anchor>
          </SuccessAlert>
        )}
      </Stack>
    </Container>
  );
}
