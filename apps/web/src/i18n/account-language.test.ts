import { afterEach, describe, expect, it } from 'vitest';
import { adoptAccountLanguage, changeLanguage, i18n } from './index';

describe('the account language after login', () => {
  afterEach(async () => {
    localStorage.clear();
    await i18n.changeLanguage('en');
  });

  it('applies when nobody chose a language on this device, without remembering it', async () => {
    localStorage.clear();
    // Only the first language's texts came with the page; German is fetched when it is needed.
    expect(i18n.hasResourceBundle('de', 'translation')).toBe(false);
    await adoptAccountLanguage('de');
    expect(i18n.t('common.loading')).not.toBe('common.loading');
    expect(i18n.language).toBe('de');
    expect(localStorage.getItem('graftmatch.language')).toBeNull();
  });

  it('yields to a choice made on this device', async () => {
    await changeLanguage('en');
    await adoptAccountLanguage('de');
    expect(i18n.language).toBe('en');
  });
});
