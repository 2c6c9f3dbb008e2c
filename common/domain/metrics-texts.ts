// Texts of the team's metrics sharing (decision 053).
export const METRICS_SHARING_TEXTS = {
  settingLabel: 'Metrics for operators',
  settingDescription:
    "Adds this team's incident counts and time-to-resolve histograms to the server's Prometheus endpoint (/metrics), by team id only: no team name, titles or people. Your operators can then chart them, for example in Grafana.",
  switchLabel: "Share this team's learning metrics",
  saved: 'Metrics sharing saved.',
  saveFailed: 'Could not save the metrics sharing setting.',
  managersOnly: 'Only owners and admins can change this setting.',
} as const;
