// Trends and distributions (decision 051): the dashboard's widget and the report's sections.
export { TrendsPanel } from './trends-panel';
export { ReportTrends } from './report-trends';
