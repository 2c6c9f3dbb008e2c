// Password rules of docs/product.md §5. The sign-up and reset screens and the server all score with this module.
import { MESSAGES } from './messages';
import { LIMITS } from './options';

export const PASSWORD_SPECIALS = '!@#$%^&*(),.?":{}|<>';

export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'digit' | 'special';
  label: string;
  test: (password: string) => boolean;
}

const SPECIAL_PATTERN = /[!@#$%^&*(),.?":{}|<>]/;

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `At least ${LIMITS.passwordMin} characters`,
    test: (p) => p.length >= LIMITS.passwordMin,
  },
  { id: 'uppercase', label: 'One uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'lowercase', label: 'One lowercase letter', test: (p) => /[a-z]/.test(p) },
  { id: 'digit', label: 'One number', test: (p) => /[0-9]/.test(p) },
  {
    id: 'special',
    label: `One special character (${PASSWORD_SPECIALS})`,
    test: (p) => SPECIAL_PATTERN.test(p),
  },
];

/** Labels for scores 0-5. */
export const PASSWORD_SCORE_LABELS = ['Very weak', 'Weak', 'Fair', 'Good', 'Strong', 'Very strong'] as const;

/** Sign-up accepts a score of at least 4 (docs/product.md §5); reset needs all 5. */
export const SIGNUP_MIN_SCORE = 4;
export const RESET_MIN_SCORE = PASSWORD_RULES.length;

export function passwordScore(password: string): number {
  return PASSWORD_RULES.filter((rule) => rule.test(password)).length;
}

export function passwordScoreLabel(password: string): string {
  return PASSWORD_SCORE_LABELS[passwordScore(password)] ?? PASSWORD_SCORE_LABELS[0];
}

export function unmetPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password));
}

/**
 * The sign-up check: the spec blocks a score below 4 and separately sets a minimum of 8, so both hold
 * (docs/decisions/004-password-rules.md). Returns the spec's message, or null when the password is accepted.
 */
export function signupPasswordError(password: string): string | null {
  const unmet = unmetPasswordRules(password);
  const lengthUnmet = unmet.some((rule) => rule.id === 'length');
  if (PASSWORD_RULES.length - unmet.length < SIGNUP_MIN_SCORE || lengthUnmet) {
    return `${MESSAGES.passwordRequirements}: ${unmet.map((rule) => rule.label).join(', ')}`;
  }
  return null;
}

/** The reset check: all five rules. */
export function resetPasswordError(password: string): string | null {
  return unmetPasswordRules(password).length > 0 ? MESSAGES.resetRequirements : null;
}
