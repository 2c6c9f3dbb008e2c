import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { ResetPasswordForm } from './reset-password-form';
import { ResetRequestForm } from './reset-request-form';

/** docs/product.md §2/§4: request mode without a token; reset mode once the token in the link is validated. */
export function PasswordResetPage() {
  usePageTitle('Reset your password');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  return token ? <ResetPasswordForm token={token} /> : <ResetRequestForm />;
}
