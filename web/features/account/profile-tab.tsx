import { useState, type FormEvent } from 'react';
import { Avatar, Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { User } from '../../../common/contracts/auth';
import { profileBody } from '../../../common/contracts/account';
import { avatarInitial, avatarSource } from '../../../common/domain/avatar';
import { MESSAGES } from '../../../common/domain/messages';
import { LIMITS } from '../../../common/domain/options';
import { toastError, toastSuccess } from '../../lib/toast';
import { useUpdateProfile } from './api/update-profile';
import { DEPARTMENT_OPTIONS } from '../../lib/department-options';
import { fieldErrors } from '../../lib/form-failure';
import { FailureAlert } from '../../components/failure-alert';

type Field = 'name' | 'username' | 'user_department';

/** Profile tab (docs/product.md §2): avatar, name, read-only e-mail, Full Name, Username, Department, Save Changes. */
export function ProfileTab({ user }: { user: User }) {
  const update = useUpdateProfile();
  const [name, setName] = useState(user.name);
  const [username, setUsername] = useState(user.username ?? '');
  const [department, setDepartment] = useState(user.user_department ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = profileBody.safeParse({ name, username, user_department: department });
    if (!parsed.success) {
      const found = fieldErrors<Field>(parsed.error.issues);
      setErrors(found);
      document.getElementById(found.name ? 'profile-name' : 'profile-username')?.focus();
      return;
    }
    setErrors({});
    update.mutate(
      { name, username, user_department: department },
      {
        onSuccess: () => toastSuccess(MESSAGES.profileUpdated),
        onError: () => toastError(MESSAGES.profileUpdateFailed),
      },
    );
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" maw={640}>
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap">
          <Avatar src={avatarSource(user)} alt="" size={64} radius="xl" color="blue">
            {avatarInitial(user.name)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="lg" truncate="end">
              {user.name || user.email}
            </Text>
            <Text c="dimmed" size="sm" truncate="end">
              {user.email}
            </Text>
          </div>
        </Group>
        <form onSubmit={submit} noValidate aria-label="Profile">
          <Stack gap="md">
            <FailureAlert title={MESSAGES.profileUpdateFailed} error={update.error} />
            <TextInput
              id="profile-email"
              label="Email"
              value={user.email}
              readOnly
              description="Your e-mail address cannot be changed here."
            />
            <TextInput
              id="profile-name"
              label="Full Name"
              autoComplete="name"
              required
              maxLength={LIMITS.nameMax}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={errors.name}
              disabled={update.isPending}
            />
            <TextInput
              id="profile-username"
              label="Username"
              description={`${LIMITS.usernameMin}-${LIMITS.usernameMax} letters or numbers`}
              autoComplete="username"
              required
              maxLength={LIMITS.usernameMax}
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
              error={errors.username}
              disabled={update.isPending}
            />
            <NativeSelect
              id="profile-department"
              label="Department"
              data={DEPARTMENT_OPTIONS}
              value={department}
              onChange={(event) => setDepartment(event.currentTarget.value)}
              error={errors.user_department}
              disabled={update.isPending}
            />
            <Group justify="flex-end">
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? 'Saving...' : 'Save Changes'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
