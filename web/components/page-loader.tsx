import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Centred spinner with an accessible name, used while a page or the session loads. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="xl" role="status">
      <Loader aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
