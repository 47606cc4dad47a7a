// Issue 28: the law in the listing form. A landlord types "offers over" and sees, as they type, the error beside
// the title naming the words and the law (read by a screen reader through aria-describedby); the rules follow the
// nation of the postcode typed.
import { expect, logInAs, seriousA11yViolations, test } from './fixtures';

test.describe('the listing form under the law', () => {
  test('a landlord types “offers over” and sees the inline error naming the law', async ({ page }) => {
    await logInAs(page.request, 'landlord');
    await page.goto('/landlord-dashboard');
    await page.getByRole('button', { name: 'Add Property' }).first().click();
    await expect(page.getByRole('heading', { name: 'Add New Property' })).toBeFocused();
    await expect(page.getByTestId('law-nation')).toHaveText(
      'Checked against the law of England until you enter the postcode.',
    );

    const title = page.getByLabel('Title', { exact: true });
    await title.pressSequentially('Two-bed flat, offers over £1,150');
    const error = page.getByRole('alert').filter({ hasText: '“offers over”' });
    await expect(error).toBeVisible();
    await expect(error).toContainText("Renters' Rights Act 2025, s.56");
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    const errorId = await error.getAttribute('id');
    expect((await title.getAttribute('aria-describedby'))?.split(' ')).toContain(errorId);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Stating one rent is lawful: the error goes as soon as the words do.
    await title.fill('Two-bed flat, £1,150 a month');
    await expect(page.getByText('“offers over”')).toHaveCount(0);
    await expect(title).not.toHaveAttribute('aria-invalid', 'true');

    // A fixed term is England's rule: in Wales the same words are lawful, and the form says whose law it checks.
    const description = page.getByLabel('Description', { exact: true });
    await description.fill('Minimum 12 month fixed term.');
    await expect(page.getByRole('alert').filter({ hasText: 'fixed term' })).toBeVisible();
    await page.getByLabel('Postcode', { exact: true }).fill('CF10 1AA');
    await expect(page.getByTestId('law-nation')).toHaveText(
      'Checked against the law of Wales, where this postcode is.',
    );
    await expect(page.getByRole('alert').filter({ hasText: 'fixed term' })).toHaveCount(0);
    await expect(page.getByLabel('Occupation contract', { exact: true })).toBeVisible();
  });
});
