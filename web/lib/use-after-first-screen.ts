import { startTransition, useEffect, useState } from 'react';

/**
 * False for a view's first render, then true in a transition. A long page renders what the first screen shows at
 * once and the rest just after, which React cuts into short slices: on a phone, one render of the whole page is a
 * long task that holds up the first paint and any tap meanwhile.
 */
export function useAfterFirstScreen(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => startTransition(() => setAfter(true)), []);
  return after;
}
