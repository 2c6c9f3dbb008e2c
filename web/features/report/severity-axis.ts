// The severity bars' axis: a round maximum (1, 2 or 5 times a power of ten, at least the largest count) and its
// ticks, so the bars read against a scale and not only against each other.
export interface SeverityAxis {
  max: number;
  ticks: number[];
}

export function severityAxis(largest: number): SeverityAxis {
  if (largest <= 0) return { max: 1, ticks: [0, 1] };
  const power = 10 ** Math.floor(Math.log10(largest));
  const max = [1, 2, 5, 10].map((m) => m * power).find((m) => m >= largest)!;
  const step = max <= 4 ? 1 : max / (max / power >= 5 || max / power === 1 ? 5 : 4);
  const ticks: number[] = [];
  for (let t = 0; t <= max; t += step) ticks.push(Math.round(t));
  return { max, ticks };
}
