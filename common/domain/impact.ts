// Impact points by severity (docs/product.md §5). Average impact = total points / incident count.
export const IMPACT_POINTS = { critical: 7, high: 5, medium: 3, low: 2, unknown: 1 } as const;

/** The top of the scale (a Critical incident's points): the dashboard says "out of 7" beside an average. */
export const IMPACT_MAX = IMPACT_POINTS.critical;

export function impactPoints(severity: string | null | undefined): number {
  const key = (severity ?? '').toLowerCase() as keyof typeof IMPACT_POINTS;
  return IMPACT_POINTS[key] ?? IMPACT_POINTS.unknown;
}

export function averageImpact(severities: readonly (string | null | undefined)[]): number | null {
  if (severities.length === 0) return null;
  return severities.reduce((sum, s) => sum + impactPoints(s), 0) / severities.length;
}
