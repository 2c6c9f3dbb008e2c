import { KeyRound } from 'lucide-react';
import type { CreatedApiToken } from '../../../common/contracts/tokens';
import { API_TOKEN_TEXTS } from '../../../common/domain/api-tokens';
import { OneTimeSecret } from '../../components/one-time-secret';

/** The new token's secret, shown this once. */
export function NewTokenNotice({ token, onDismiss }: { token: CreatedApiToken; onDismiss: () => void }) {
  return (
    <OneTimeSecret
      title={`Your new token “${token.name}”`}
      instruction={API_TOKEN_TEXTS.copyOnce}
      value={token.token}
      icon={<KeyRound size={18} aria-hidden />}
      testId="new-token"
      copyLabel="Copy token"
      closeLabel="I have copied it; hide the token"
      onDismiss={onDismiss}
    />
  );
}
