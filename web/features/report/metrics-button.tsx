import { useState } from 'react';
import { Button } from '@mantine/core';
import { FileSpreadsheet } from 'lucide-react';
import { MESSAGES } from '../../../common/domain/messages';
import { REPORT_TEXTS } from '../../../common/domain/report-texts';
import { downloadFile } from '../../lib/download-file';
import { toastError } from '../../lib/toast';
import { errorMessage } from '../../lib/transport';

/** Downloads the report's figures for the period as CSV (GET /api/oops/stats.csv), one metric per row. */
export function MetricsButton({ days, disabled }: { days: number; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(`/api/oops/stats.csv?days=${days}`, `oopsboard-metrics-${days}d.csv`);
    } catch (error) {
      toastError(REPORT_TEXTS.exportMetricsFailed(errorMessage(error, MESSAGES.networkError)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<FileSpreadsheet size={16} aria-hidden />}
      onClick={() => void download()}
      loading={busy}
      disabled={disabled}
    >
      {REPORT_TEXTS.exportMetrics}
    </Button>
  );
}
