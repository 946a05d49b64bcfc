import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from './de.json';
import en from './en.json';

export const LANGUAGES = ['en', 'de'] as const;
export type AppLanguage = (typeof LANGUAGES)[number];

const LANGUAGE_KEY = 'graftmatch.language';

function isLanguage(value: unknown): value is AppLanguage {
  return LANGUAGES.includes(value as AppLanguage);
}

/** The remembered choice, else the browser's language when we have it, else English. */
export function initialLanguage(): AppLanguage {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  if (isLanguage(stored)) {
    return stored;
  }
  const browser = navigator.language.slice(0, 2);
  return isLanguage(browser) ? browser : 'en';
}

export function changeLanguage(language: AppLanguage): Promise<unknown> {
  localStorage.setItem(LANGUAGE_KEY, language);
  return i18n.changeLanguage(language);
}

/**
 * After login: the account's language applies unless someone chose one on this device. It is
 * not remembered, so the next person at a shared ward PC starts from the device's choice again.
 */
export function adoptAccountLanguage(language: string): void {
  if (!isLanguage(localStorage.getItem(LANGUAGE_KEY)) && isLanguage(language) && language !== i18n.language) {
    void i18n.changeLanguage(language);
  }
}

export function currentLanguage(): AppLanguage {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

// The page's lang attribute follows, so screen readers pronounce German text as German.
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

// Resources are bundled, so initialisation is synchronous and the first render is translated.
void i18n.use(initReactI18next).init({
  initAsync: false,
  resources: { en: { translation: en }, de: { translation: de } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false }, // React escapes already
});

export { i18n };
