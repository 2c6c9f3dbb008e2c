import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { PasswordStrength } from './password-strength';

function filledSegments(): number {
  return screen.getByTestId('password-meter').querySelectorAll('[data-filled="true"]').length;
}

describe('PasswordStrength', () => {
  it.each([
    ['', 0, 'Very weak'],
    ['abc', 1, 'Weak'],
    ['abcdefgh', 2, 'Fair'],
    ['Abcdefgh', 3, 'Good'],
    ['Abcdefg1', 4, 'Strong'],
    ['Abcdefg1!', 5, 'Very strong'],
  ])('scores %j as %i of 5 (%s)', (password, score, label) => {
    renderWithApp(<PasswordStrength password={password} />);
    expect(filledSegments()).toBe(score);
    expect(screen.getByText(/Password strength:/)).toHaveTextContent(`Password strength: ${label}`);
  });

  it('ticks each requirement that is met', () => {
    renderWithApp(<PasswordStrength password="abc1" />);
    const list = screen.getByRole('list', { name: 'Password requirements' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'At least 8 characters (not met)',
      'One uppercase letter (not met)',
      'One lowercase letter (met)',
      'One number (met)',
      'One special character (!@#$%^&*(),.?":{}|<>) (not met)',
    ]);
  });
});
