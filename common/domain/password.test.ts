import { describe, expect, it } from 'vitest';
import {
  PASSWORD_SCORE_LABELS,
  passwordScore,
  passwordScoreLabel,
  resetPasswordError,
  signupPasswordError,
} from './password';

describe('password score (docs/product.md §5)', () => {
  it.each([
    ['', 0],
    ['abc', 1],
    ['abcdefgh', 2],
    ['Abcdefgh', 3],
    ['Abcdefg1', 4],
    ['Abcdefg1!', 5],
    ['ABCDEFGH1', 3],
    ['!@#$%^&*(),.?":{}|<>', 2],
  ])('%j scores %i', (password, score) => {
    expect(passwordScore(password)).toBe(score);
  });

  it('labels scores 0-5 with the spec words', () => {
    expect(PASSWORD_SCORE_LABELS).toEqual(['Very weak', 'Weak', 'Fair', 'Good', 'Strong', 'Very strong']);
    expect(passwordScoreLabel('Abcdefg1!')).toBe('Very strong');
    expect(passwordScoreLabel('')).toBe('Very weak');
  });

  it('counts only the listed special characters', () => {
    expect(passwordScore('Abcdefg1~')).toBe(4);
    expect(passwordScore('Abcdefg1<')).toBe(5);
  });
});

describe('sign-up rule', () => {
  it('blocks a score below 4 with the spec message listing unmet rules', () => {
    expect(signupPasswordError('abcdefgh')).toBe(
      'Password requirements not met: One uppercase letter, One number, One special character (!@#$%^&*(),.?":{}|<>)',
    );
  });
  it('accepts a score of 4 when the 8-character minimum holds', () => {
    expect(signupPasswordError('Abcdefgh1')).toBeNull();
    expect(signupPasswordError('abcdefg1!')).toBeNull();
  });
  it('keeps the 8-character minimum even at score 4', () => {
    expect(signupPasswordError('Abcde1!')).toBe('Password requirements not met: At least 8 characters');
  });
});

describe('reset rule', () => {
  it('needs all five rules', () => {
    expect(resetPasswordError('Abcdefgh1')).toBe('Please meet all password requirements');
    expect(resetPasswordError('Abcdefg1!')).toBeNull();
  });
});
