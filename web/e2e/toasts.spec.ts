// Toasts must be as readable as the page around them: text of at least
// 16 px and a contrast of at least 4.5:1 between the text and the toast's
// background, for a success and for an error alike, and a success never
// looks like an error.
import { expect, type Locator } from '@playwright/test';
import { test } from './fixtures';

/** The contrast ratio of a toast's text colour on its background colour. */
async function contrastOf(toast: Locator): Promise<number> {
  return toast.evaluate((el) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const lum = ([r, g, b]: number[]) => {
      const lin = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const style = getComputedStyle(el);
    const a = lum(rgb(style.color));
    const b = lum(rgb(style.backgroundColor));
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}

async function expectReadable(toast: Locator) {
  await expect(toast).toBeVisible();
  // Wait for the entrance animation to end: in between, colours are mixed.
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  await toast.page().waitForTimeout(500);
  const size = await toast.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(size).toBeGreaterThanOrEqual(16);
  expect(await contrastOf(toast)).toBeGreaterThanOrEqual(4.5);
}

test('an error toast is 16 px or more with a contrast of at least 4.5:1', async ({ page }) => {
  await page.goto('/myaccount');
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'login first' });
  await expectReadable(toast);
  await expect(toast).toHaveAttribute('data-type', 'error');
  // Announced: the toasts live in a polite live region.
  await expect(page.locator('section[aria-live]').filter({ has: toast })).toHaveAttribute('aria-live', 'polite');
});

test('a success toast is 16 px or more with a contrast of at least 4.5:1, and styled as a success', async ({ page }) => {
  await page.goto('/recoverpassword');
  await page.getByLabel('Email address').fill(`nobody-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Reset password' }).click();
  const toast = page.locator('[data-sonner-toast][data-type="success"]');
  await expectReadable(toast);
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);
});
