import { Anchor } from '@mantine/core';

/** Opens the legal pages in a new tab so a half-filled sign-up form is not lost. */
export function TermsCheckboxLabel() {
  return (
    <>
      I accept the{' '}
      <Anchor href="/terms" target="_blank" rel="noopener" inherit>
        Terms of Service
      </Anchor>{' '}
      and the{' '}
      <Anchor href="/privacy" target="_blank" rel="noopener" inherit>
        Privacy Policy
      </Anchor>
    </>
  );
}
