import { expect, test } from '@playwright/test';
import { dialog, freshPage, openConnect } from './helpers';

type GuardWindow = { portico: { kernel: { router: { addGuard(g: { canClose(): boolean }): () => void } } }; __release?: () => void };

test('a router guard keeps the modal open against Escape, ✕ and the overlay, and says why', async ({ page }) => {
  await freshPage(page);
  await page.evaluate(() => {
    const w = window as unknown as GuardWindow;
    w.__release = w.portico.kernel.router.addGuard({ canClose: () => false });
  });
  const d = await openConnect(page);
  await page.keyboard.press('Escape');
  await expect(d).toBeVisible();
  await expect(d.getByTestId('close-blocked')).toHaveText('Finish or cancel this step to close.');
  await d.getByRole('button', { name: 'Close' }).click();
  await page.mouse.click(10, 10);
  await expect(d).toBeVisible();

  await page.evaluate(() => (window as unknown as GuardWindow).__release!());
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
});
