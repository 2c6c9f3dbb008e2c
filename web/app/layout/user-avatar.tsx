import { useMemo } from 'react';
import { Avatar } from '@mantine/core';
import type { User } from '../../../common/contracts/auth';
import { avatarInitial, avatarUrl } from '../../../common/domain/avatar';

/** Identicon keyed on the e-mail hash; Mantine shows the initial when the image cannot load (docs/product.md §2). */
export function UserAvatar({ user, size = 'md' }: { user: User; size?: 'sm' | 'md' | 'lg' }) {
  const src = useMemo(() => avatarUrl(user.email), [user.email]);
  return (
    <Avatar src={src} alt="" radius="xl" size={size} color="blue">
      {avatarInitial(user.name)}
    </Avatar>
  );
}
