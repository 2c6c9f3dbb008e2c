// Texts and limits of the executive report (docs/product.md §2, §8, §9), each defined once.
export const REPORT_TEXTS = {
  title: 'Executive Report',
  loadFailed: 'Failed to load report data',
  exportPdf: 'Export PDF',
  exportMetrics: 'Metrics (CSV)',
  exportMetricsFailed: (reason: string) => `The metrics could not be downloaded: ${reason}`,
  periodLabel: 'Report period',
  empty: 'No incidents have been logged yet. Once your team logs incidents, this report fills in.',
  noDepartments: 'No department data yet.',
  noRecent: 'No incidents logged yet.',
} as const;

/** docs/product.md §9: the report fetches 10 incidents, shows 5, and shows the first 6 departments. */
export const REPORT_LIMITS = { recentFetch: 10, recentShown: 5, departmentsShown: 6 } as const;

/** What each trend means, shown beside it so a reader of the printout knows the rule (decision 008). */
export const TREND_EXPLANATIONS = {
  Improving: 'At least 20% fewer incidents than the period before.',
  'Needs Attention': 'At least 20% (and 2) more incidents than the period before.',
  Stable: 'About as many incidents as the period before.',
} as const;
