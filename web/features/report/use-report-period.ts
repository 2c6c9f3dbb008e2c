// The report period lives in the URL (?days=90), so a reload, a bookmark or a shared link keeps it.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { REPORT_PERIODS } from '../../../common/domain/dashboard';

export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const DEFAULT_PERIOD: ReportPeriod = REPORT_PERIODS[0];

export function periodFromParam(value: string | null): ReportPeriod {
  return REPORT_PERIODS.find((p) => String(p.days) === value) ?? DEFAULT_PERIOD;
}

export function useReportPeriod(): [ReportPeriod, (days: number) => void] {
  const [params, setParams] = useSearchParams();
  const period = periodFromParam(params.get('days'));
  const setDays = useCallback(
    (days: number) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (days === DEFAULT_PERIOD.days) next.delete('days');
          else next.set('days', String(days));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [period, setDays];
}
