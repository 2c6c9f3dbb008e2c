import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { useAfterFirstScreen } from './use-after-first-screen';

it('renders the first screen alone, then the rest in a render of its own', async () => {
  const seen: boolean[] = [];
  function Page() {
    const after = useAfterFirstScreen();
    seen.push(after);
    return (
      <>
        <h1>Top</h1>
        {after && <p>Below</p>}
      </>
    );
  }
  render(<Page />);
  expect(await screen.findByText('Below')).toBeInTheDocument();
  expect(seen).toEqual([false, true]);
});
