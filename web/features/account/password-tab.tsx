import { Alert, Button, Paper, Stack } from '@mantine/core';
import { MESSAGES } from '../../../common/domain/messages';
import { PageLoader } from '../../components/page-loader';
import { useHasPassword } from './api/has-password';
import { ChangePasswordForm, SetPasswordForm } from './password-forms';

/** Password tab (docs/product.md §2): Set Password without a password (magic-link accounts), otherwise Change Password. */
export function PasswordTab() {
  const hasPassword = useHasPassword();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" maw={640}>
      {hasPassword.isPending ? (
        <PageLoader label="Loading your password settings" />
      ) : hasPassword.isError ? (
        <Stack gap="sm" align="flex-start">
          <Alert color="red" variant="outline" role="alert" w="100%">
            {MESSAGES.profileLoadFailed}
          </Alert>
          <Button variant="light" onClick={() => void hasPassword.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : hasPassword.data.hasPassword ? (
        <ChangePasswordForm />
      ) : (
        <SetPasswordForm />
      )}
    </Paper>
  );
}
