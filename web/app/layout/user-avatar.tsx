import { useMemo } from 'react';
import { Avatar } from '@mantine/core';
import type { User } from '../../../common/contracts/auth';
import { avatarInitial, avatarSource } from '../../../common/domain/avatar';

/**
 * Identicon keyed on the e-mail hash, drawn here unless the server sent the public service's URL (decision 030);
 * Mantine shows the initial when the image cannot load.
 */
export function UserAvatar({ user, size = 'md' }: { user: User; size?: 'sm' | 'md' | 'lg' }) {
  const src = useMemo(
    () => avatarSource({ email: user.email, avatar_url: user.avatar_url }),
    [user.email, user.avatar_url],
  );
  return (
    <Avatar src={src} alt="" radius="xl" size={size} color="blue">
      {avatarInitial(user.name)}
    </Avatar>
  );
}
