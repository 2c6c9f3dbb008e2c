import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { LATE_MISMATCH_EVENT } from '../lib/schema-later';
import { Providers } from './providers';
import { createQueryClient } from './query-client';

function Count({ read }: { read: () => Promise<number> }) {
  const { data } = useQuery({ queryKey: ['count'], queryFn: read });
  return <p>read {data ?? 'nothing'}</p>;
}

describe('the providers', () => {
  it('read every shown query again when an answer shown unchecked fails its check', async () => {
    let reads = 0;
    const read = vi.fn(async () => ++reads);
    render(
      <Providers queryClient={createQueryClient()} env="test">
        <Count read={read} />
      </Providers>,
    );
    expect(await screen.findByText('read 1')).toBeTruthy();
    act(() => {
      window.dispatchEvent(new CustomEvent(LATE_MISMATCH_EVENT, { detail: '/api/oops/stats' }));
    });
    expect(await screen.findByText('read 2')).toBeTruthy();
    expect(read).toHaveBeenCalledTimes(2);
  });
});
