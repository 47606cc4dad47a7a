// Leaving a review on a trade's page (issue 32 item 5; decision 0073), as the journeys that end in one do it.
import { expect, type Page } from '@playwright/test';

/**
 * On a trade's page, with the "Leave a review" form shown: choose the stars (retried, as a click before the radio
 * group is live is lost), write the review and post it. Returns the reviewer's own review as the page then lists it.
 */
export async function postReview(page: Page, stars: number, text: string) {
  const form = page.getByRole('form', { name: 'Leave a review' });
  await expect(async () => {
    await form
      .locator('label')
      .filter({ hasText: `${stars} stars` })
      .click();
    await expect(form.getByRole('radio', { name: `${stars} stars` })).toBeChecked({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await form.getByLabel('Your review').fill(text);
  await form.getByRole('button', { name: 'Post Review' }).click();
  await expect(page.getByTestId('toast')).toContainText('Review Posted');
  return page.getByTestId('review').filter({ hasText: '(your review)' });
}
