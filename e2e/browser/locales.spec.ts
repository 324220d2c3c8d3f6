import { expect, test, type Page } from '@playwright/test';
import { dialog, freshPage } from './helpers';

/** Every locale Portico ships, with its Connect view's title (proof its catalogue is loaded) and direction. */
const LOCALES: readonly (readonly [locale: string, title: string, dir: 'ltr' | 'rtl'])[] = [
  ['ar', 'ربط المحفظة', 'rtl'],
  ['he', 'חיבור ארנק', 'rtl'],
  ['fa', 'اتصال کیف پول', 'rtl'],
  ['zh-CN', '连接钱包', 'ltr'],
  ['zh-TW', '連結錢包', 'ltr'],
  ['ja', 'ウォレットを接続', 'ltr'],
  ['ko', '지갑 연결', 'ltr'],
  ['es', 'Conectar billetera', 'ltr'],
  ['pt', 'Conectar carteira', 'ltr'],
  ['fr', 'Connecter un portefeuille', 'ltr'],
  ['de', 'Wallet verbinden', 'ltr'],
  ['ru', 'Подключить кошелёк', 'ltr'],
  ['tr', 'Cüzdan Bağla', 'ltr'],
];

/** A catalogue key shown instead of its message. */
const RAW_KEY = /^[a-z]+(\.[a-zA-Z0-9-]+)+$/;

/** Opens the playground in `locale` and the Connect view, once its title is in that language. */
async function openConnectIn(page: Page, locale: string, title: string) {
  await freshPage(page, `/?locale=${locale}`);
  await page.locator('button.portico-connect-button').click();
  const d = dialog(page);
  await expect(d).toHaveAttribute('data-view', 'Connect');
  await expect(d.getByRole('heading', { level: 2 })).toHaveText(title);
  // The wallet list has settled (the registry's featured wallets and the announced ones).
  await expect(d.getByRole('button', { name: 'Demo Wallet', exact: true })).toBeVisible();
  return d;
}

/** The dialog's texts (text nodes and labels) and the elements whose text is wider than their box. */
function inspectDialog(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('[data-portico-modal]')!.shadowRoot!;
    const d = root.querySelector('[role="dialog"]')!;
    const texts: string[] = [];
    const walker = document.createTreeWalker(d, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.textContent?.trim()) texts.push(n.textContent.trim());
    const overflowing: string[] = [];
    const card = d.getBoundingClientRect();
    for (const el of d.querySelectorAll<HTMLElement>('*')) {
      for (const name of ['aria-label', 'title', 'placeholder']) if (el.getAttribute(name)?.trim()) texts.push(el.getAttribute(name)!.trim());
      const ownText = [...el.childNodes].some((c) => c.nodeType === Node.TEXT_NODE && c.textContent?.trim());
      if (!ownText || el.getClientRects().length === 0) continue;
      const style = getComputedStyle(el);
      // Visually hidden labels (1 px, clipped) are for screen readers; an ellipsis is a designed cut (wallet names).
      if (el.clientWidth <= 1 || style.textOverflow === 'ellipsis') continue;
      const box = el.getBoundingClientRect();
      const outside = box.left < card.left - 1 || box.right > card.right + 1;
      if (outside || el.scrollWidth > el.clientWidth + 1) overflowing.push(`<${el.tagName.toLowerCase()}> "${el.textContent?.trim().slice(0, 60)}" ${el.scrollWidth} > ${el.clientWidth}`);
    }
    return { texts, overflowing, cardWidth: Math.round(card.width) };
  });
}

for (const [locale, title, dir] of LOCALES) {
  test(`Connect in ${locale}: lang and dir on the modal, no raw key, no text wider than the 360 px card`, async ({ page }) => {
    const d = await openConnectIn(page, locale, title);
    await expect(page.locator('.pt-root')).toHaveAttribute('lang', locale);
    await expect(page.locator('.pt-root')).toHaveAttribute('dir', dir);
    const { texts, overflowing, cardWidth } = await inspectDialog(page);
    expect(texts.length).toBeGreaterThan(3);
    expect(texts.filter((t) => RAW_KEY.test(t))).toEqual([]);
    expect(cardWidth).toBeLessThanOrEqual(360);
    expect(overflowing).toEqual([]);
    // The All Wallets view too: its search, list and tags.
    await d.getByRole('button', { name: LOCALE_ALL_WALLETS[locale]!, exact: true }).first().click();
    await expect(d).toHaveAttribute('data-view', 'AllWallets');
    await expect(d.getByRole('searchbox').or(d.getByRole('textbox')).first()).toBeVisible();
    const all = await inspectDialog(page);
    expect(all.texts.filter((t) => RAW_KEY.test(t))).toEqual([]);
    expect(all.overflowing).toEqual([]);
  });
}

/** The "All Wallets" button of each locale. */
const LOCALE_ALL_WALLETS: Readonly<Record<string, string>> = {
  ar: 'كل المحافظ',
  he: 'כל הארנקים',
  fa: 'همهٔ کیف پول‌ها',
  'zh-CN': '所有钱包',
  'zh-TW': '所有錢包',
  ja: 'すべてのウォレット',
  ko: '모든 지갑',
  es: 'Todas las billeteras',
  pt: 'Todas as carteiras',
  fr: 'Tous les portefeuilles',
  de: 'Alle Wallets',
  ru: 'Все кошельки',
  tr: 'Tüm Cüzdanlar',
};

/** The modal's Close button in each right-to-left locale. */
const CLOSE: Readonly<Record<string, string>> = { ar: 'إغلاق', he: 'סגירה', fa: 'بستن' };

test.describe('right-to-left locales mirror the layout', () => {
  test.use({ viewport: { width: 1024, height: 900 }, deviceScaleFactor: 1 });

  for (const [locale, title] of LOCALES.filter(([, , dir]) => dir === 'rtl')) {
    test(`Connect in ${locale} matches its baseline`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'light' });
      const d = await openConnectIn(page, locale, title);
      // Mirrored: the close button sits on the left, the title's text starts on the right.
      const close = await d.getByRole('button', { name: CLOSE[locale], exact: true }).boundingBox();
      const card = (await d.boundingBox())!;
      expect(close!.x + close!.width / 2).toBeLessThan(card.x + card.width / 2);
      await expect(d).toHaveScreenshot(`connect-${locale}.png`, {
        animations: 'disabled',
        caret: 'hide',
        // Wallet icons come from the registry and announced wallets: their pixels are not the layout under test.
        mask: [d.locator('img')],
        maxDiffPixelRatio: 0.01,
      });
    });
  }

  test('a Latin wallet name in an Arabic modal runs left to right, so a long one is cut at its end, not its start', async ({ page }) => {
    const d = await openConnectIn(page, 'ar', LOCALES.find(([l]) => l === 'ar')![1]);
    const label = d.getByRole('button', { name: 'Demo Wallet', exact: true }).locator('.pt-list-item-label');
    expect(await label.evaluate((el) => [el.getAttribute('dir'), getComputedStyle(el).direction, getComputedStyle(el).textOverflow])).toEqual(['auto', 'ltr', 'ellipsis']);
  });
});
