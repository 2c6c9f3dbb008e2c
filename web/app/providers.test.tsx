import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LATE_MISMATCH_EVENT } from '../lib/schema-later';
import { toastSuccess } from '../lib/toast';
import { Providers } from './providers';
import { createQueryClient } from './query-client';

function Count({ read }: { read: () => Promise<number> }) {
  const { data } = useQuery({ queryKey: ['count'], queryFn: read });
  return <p>read {data ?? 'nothing'}</p>;
}

function ToastOnMount({ message }: { message: string }) {
  useEffect(() => toastSuccess(message), [message]);
  return <p>mounted</p>;
}

describe('the providers', () => {
  it('show a toast raised before their container has loaded, once it has', async () => {
    render(
      <Providers queryClient={createQueryClient()} env="test">
        <ToastOnMount message="Saved before the toasts loaded" />
      </Providers>,
    );
    // The container loads after the first paint; the toast was raised by the first commit, before it.
    expect(screen.getByText('mounted')).toBeTruthy();
    expect(screen.queryByText('Saved before the toasts loaded')).toBeNull();
    expect(await screen.findByText('Saved before the toasts loaded')).toBeTruthy();
  });

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
