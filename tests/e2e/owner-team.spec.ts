import { MIN_STAFF_PASSWORD_LENGTH } from '../../contract/auth';
import { DEMO_OWNER } from '../../contract/demo';
import { openTab, toasts, uniqueName } from './support/helpers';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';

test.describe('team', () => {
  test('lists the accounts, adds a manager who can sign in, and removes them after confirmation', async ({ page, request }) => {
    await signInAs(page);
    await page.goto('/');
    await openTab(page, 'Staff');
    const members = page.getByRole('list', { name: 'Staff' }).getByRole('listitem');
    const owner = members.filter({ hasText: DEMO_OWNER.email });
    await expect(owner).toContainText('Owner');
    await expect(owner).toContainText('(you)');
    await expect(owner.getByRole('button')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Add Manager' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Manager' });
    await dialog.getByRole('button', { name: 'Add Manager' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Invalid email address')).toBeVisible();
    await expect(dialog.getByText(`Password must be at least ${MIN_STAFF_PASSWORD_LENGTH} characters`)).toBeVisible();
    await expectNoAxeViolations(page);

    const { name, email } = uniqueName('Manager');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Email').fill(email.toUpperCase());
    await dialog.getByLabel('Password').fill('manager-pass-1');
    await dialog.getByRole('button', { name: 'Add Manager' }).click();
    await expect(toasts(page).getByText('Manager added successfully')).toBeVisible();
    const member = members.filter({ hasText: name });
    await expect(member).toContainText('Manager');
    await expect(member).toContainText(email);

    const login = await request.post('/api/auth/login', { data: { email, password: 'manager-pass-1' } });
    expect(login.status()).toBe(200);
    expect(await login.json()).toMatchObject({ role: 'manager', name });

    await member.getByRole('button', { name: `Remove ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Remove ${name}?` });
    await expect(confirm).toContainText('will no longer be able to sign in');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Remove Manager' }).click();
    await expect(toasts(page).getByText('Manager removed successfully')).toBeVisible();
    await expect(member).toHaveCount(0);

    const again = await request.post('/api/auth/login', { data: { email, password: 'manager-pass-1' } });
    expect(again.status()).toBe(401);
  });
});
