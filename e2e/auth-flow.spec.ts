// The first journey of a new team: sign up → sign in → the app shell → sign out (docs/product.md §2, §4, §8).
import { expect, test, uniqueUser } from './fixtures';

test('a new user signs up, signs in, sees the shell and signs out to the landing page', async ({ page }) => {
  const user = uniqueUser();

  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Full Name').fill(user.name);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Team Name').fill(user.teamName);
  await page.getByLabel('Industry').selectOption('Technology');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await expect(page.getByText('Password strength: Very strong')).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill(user.password);
  await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(
    page.getByRole('status').filter({ hasText: 'Account created successfully! Please sign in.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login successful! Redirecting...').first()).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const mainNav = page.getByRole('navigation', { name: 'Main' });
  await expect(mainNav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(mainNav.getByRole('link', { name: 'Oops Log' })).toBeVisible();
  // The sign-up created the team, so this user owns it: Team yes, Admin no.
  await expect(mainNav.getByRole('link', { name: 'Team' })).toBeVisible();
  await expect(mainNav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await expect(page.getByRole('searchbox', { name: 'Search incidents' })).toHaveAttribute(
    'placeholder',
    'Search incidents...',
  );
  await expect(page.getByRole('button', { name: 'Presentation Mode' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log Oops' })).toHaveAttribute('href', '/oops/new');

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', /^mailto:/);
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  await expect(footer.getByRole('link', { name: /coming soon/ })).toHaveCount(3);
  await expect(footer).toContainText(`© ${new Date().getFullYear()} OopsBoard`);

  await page.getByRole('button', { name: 'User menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByTestId('user-menu-name')).toHaveText(user.name);
  await expect(menu.getByTestId('user-menu-role')).toHaveText('owner');
  for (const item of ['Dashboard', 'Profile Settings', 'Executive Report', 'How it Works', 'Sign out']) {
    await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
  }

  await menu.getByRole('menuitem', { name: 'How it Works' }).click();
  const dialog = page.getByRole('dialog', { name: 'How it Works' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Got it!' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Turn Setbacks Into Comebacks' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In', exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign Up', exact: true })).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.getItem('authToken'))).toBeNull();

  // The old session is gone: the app sends the visitor to sign in again.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fdashboard$/);
});

test('sign-up shows the spec texts for a weak password, a mismatch and unaccepted terms', async ({
  page,
}) => {
  await page.goto('/signup');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('abc');
  await expect(page.getByText('Password strength: Weak')).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill('abd');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByText(/^Password requirements not met: At least 8 characters, One uppercase letter/),
  ).toBeVisible();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await expect(page.getByText('You must accept the terms and conditions.')).toBeVisible();
  await expect(page.getByLabel('Full Name')).toBeFocused();
});

test('sign-up shows the server text when the e-mail is taken', async ({ page }) => {
  const user = uniqueUser();
  const first = await page.request.post('/api/auth/register', {
    data: { ...user, industry: 'Finance' },
  });
  expect(first.status()).toBe(201);

  await page.goto('/signup');
  await page.getByLabel('Full Name').fill(user.name);
  await page.getByLabel('Username').fill(`${user.username}x`.slice(0, 32));
  await page.getByLabel('Team Name').fill(user.teamName);
  await page.getByLabel('Industry').selectOption('Finance');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill(user.password);
  await page.getByRole('checkbox', { name: /I accept/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert', { name: 'Sign-up failed' })).toContainText(
    'An account with this email already exists.',
  );
  await expect(page).toHaveURL(/\/signup$/);
});

test('a wrong password shows the server text and the form text, and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(uniqueUser().email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong-password-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert', { name: 'Sign-in failed' })).toContainText(
    'Invalid credentials. Please try again.',
  );
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
    'href',
    '/password-reset',
  );
});
