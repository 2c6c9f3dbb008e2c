import { describe, expect, it } from 'vitest';
import { firstInvalidField, toRegisterBody, validateSignup, type SignupValues } from './signup-validation';

const valid: SignupValues = {
  name: 'Ada Lovelace',
  username: 'ada',
  teamName: 'Engines',
  industry: 'Technology',
  email: 'ada@example.test',
  password: 'Analytical1!',
  confirmPassword: 'Analytical1!',
  acceptTerms: true,
};

describe('validateSignup', () => {
  it('accepts a complete form', () => {
    expect(validateSignup(valid)).toEqual({});
  });

  it("says 'Passwords do not match.' when the confirmation differs", () => {
    expect(validateSignup({ ...valid, confirmPassword: 'Analytical1?' })).toEqual({
      confirmPassword: 'Passwords do not match.',
    });
  });

  it("says 'You must accept the terms and conditions.' without the checkbox", () => {
    expect(validateSignup({ ...valid, acceptTerms: false })).toEqual({
      acceptTerms: 'You must accept the terms and conditions.',
    });
  });

  it('blocks a password scoring below 4 and lists what is missing', () => {
    const password = 'abcdefgh'; // length + lowercase = score 2
    expect(validateSignup({ ...valid, password, confirmPassword: password }).password).toBe(
      'Password requirements not met: One uppercase letter, One number, One special character (!@#$%^&*(),.?":{}|<>)',
    );
  });

  it('accepts a score of 4 when the length rule is met', () => {
    const password = 'Abcdefg1'; // no special character
    expect(validateSignup({ ...valid, password, confirmPassword: password })).toEqual({});
  });

  it('still requires 8 characters even with the other four rules met', () => {
    const password = 'Ab1!';
    expect(validateSignup({ ...valid, password, confirmPassword: password }).password).toBe(
      'Password requirements not met: At least 8 characters',
    );
  });

  it('requires every field of an empty form, in form order', () => {
    const errors = validateSignup({
      name: ' ',
      username: '',
      teamName: '',
      industry: '',
      email: '',
      password: '',
      confirmPassword: 'x',
      acceptTerms: false,
    });
    expect(errors).toMatchObject({
      name: 'Full name is required.',
      username: 'Username must be 3-32 letters or numbers.',
      teamName: 'Team name is required (1-100 characters).',
      industry: 'Please choose an industry from the list.',
      email: 'Please enter a valid email address.',
      confirmPassword: 'Passwords do not match.',
      acceptTerms: 'You must accept the terms and conditions.',
    });
    expect(errors.password).toMatch(/^Password requirements not met: At least 8 characters/);
    expect(firstInvalidField(errors)).toBe('name');
  });

  it('does not ask for a team name when invited', () => {
    expect(validateSignup({ ...valid, teamName: '' }, { invited: true })).toEqual({});
  });

  it('rejects a username with symbols', () => {
    expect(validateSignup({ ...valid, username: 'ada-l' }).username).toBe(
      'Username must be 3-32 letters or numbers.',
    );
  });
});

describe('toRegisterBody', () => {
  it('trims text fields and keeps the password as typed', () => {
    expect(
      toRegisterBody({ ...valid, name: ' Ada ', email: ' ada@example.test ', password: ' Analytical1! ' }),
    ).toEqual({
      name: 'Ada',
      username: 'ada',
      teamName: 'Engines',
      industry: 'Technology',
      email: 'ada@example.test',
      password: ' Analytical1! ',
    });
  });

  it('sends the invitation token instead of a team name when invited', () => {
    expect(toRegisterBody({ ...valid, teamName: '' }, 'inv-token')).toEqual({
      name: 'Ada Lovelace',
      username: 'ada',
      industry: 'Technology',
      email: 'ada@example.test',
      password: 'Analytical1!',
      invitationToken: 'inv-token',
    });
  });
});
