import { Box, Group, List, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { Check, X } from 'lucide-react';
import { PASSWORD_RULES, PASSWORD_SCORE_LABELS, passwordScore } from '../../common/domain/password';

const SEGMENTS = PASSWORD_RULES.length;
const SCORE_COLORS = ['red', 'red', 'orange', 'yellow', 'teal', 'green'] as const;

/** The 5-segment strength meter and requirement checklist of docs/product.md §2/§5 (sign-up, later password reset). */
export function PasswordStrength({ password, id }: { password: string; id?: string }) {
  const score = passwordScore(password);
  const color = SCORE_COLORS[score] ?? 'red';
  return (
    <Stack gap={6} id={id}>
      <Group gap={4} grow aria-hidden data-testid="password-meter">
        {Array.from({ length: SEGMENTS }, (_, index) => (
          <Box
            key={index}
            h={6}
            style={{ borderRadius: 3 }}
            data-filled={index < score}
            bg={index < score ? `${color}.7` : 'var(--mantine-color-default-border)'}
          />
        ))}
      </Group>
      <Text size="sm" aria-live="polite">
        Password strength: <strong>{PASSWORD_SCORE_LABELS[score]}</strong>
      </Text>
      <List spacing={4} size="sm" center aria-label="Password requirements">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <List.Item
              key={rule.id}
              data-met={met}
              icon={
                <ThemeIcon color={met ? 'teal.8' : 'gray.6'} size={18} radius="xl" aria-hidden>
                  {met ? <Check size={12} /> : <X size={12} />}
                </ThemeIcon>
              }
            >
              {rule.label}
              <VisuallyHidden>{met ? ' (met)' : ' (not met)'}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}
