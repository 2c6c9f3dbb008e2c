import { MonitorSmartphone } from 'lucide-react';
import type { CreatedDisplayToken } from '../../../common/contracts/wall';
import { WALL_TEXTS } from '../../../common/domain/wall';
import { OneTimeSecret } from '../../components/one-time-secret';
import { displayUrl } from './display-token-storage';

/** The new screen's URL, with its token, shown this once. */
export function NewDisplayUrl({ token, onDismiss }: { token: CreatedDisplayToken; onDismiss: () => void }) {
  return (
    <OneTimeSecret
      title={`Display URL for “${token.name}”`}
      instruction={WALL_TEXTS.copyOnce}
      value={displayUrl(token.token)}
      icon={<MonitorSmartphone size={18} aria-hidden />}
      testId="new-display-url"
      copyLabel={WALL_TEXTS.copy}
      closeLabel="I have opened or copied it; hide the URL"
      onDismiss={onDismiss}
    />
  );
}
