import i18n, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

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

// Each language is its own chunk of the build: a page loads only the texts it shows.
const TEXTS: Record<AppLanguage, () => Promise<{ default: ResourceLanguage }>> = {
  en: () => import('./en.json'),
  de: () => import('./de.json'),
};

/** Fetches a language's texts, once. */
export async function loadLanguage(language: AppLanguage): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) {
    const { default: texts } = await TEXTS[language]();
    i18n.addResourceBundle(language, 'translation', texts);
  }
}

// Switches at once when the texts are here, so no render shows the old language after the call.
function switchTo(language: AppLanguage): Promise<unknown> {
  return i18n.hasResourceBundle(language, 'translation')
    ? i18n.changeLanguage(language)
    : loadLanguage(language).then(() => i18n.changeLanguage(language));
}

export function changeLanguage(language: AppLanguage): Promise<unknown> {
  localStorage.setItem(LANGUAGE_KEY, language);
  return switchTo(language);
}

/**
 * After login: the account's language applies unless someone chose one on this device. It is
 * not remembered, so the next person at a shared ward PC starts from the device's choice again.
 */
export async function adoptAccountLanguage(language: string): Promise<void> {
  if (!isLanguage(localStorage.getItem(LANGUAGE_KEY)) && isLanguage(language) && language !== i18n.language) {
    await switchTo(language);
  }
}

export function currentLanguage(): AppLanguage {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

// The page's lang attribute follows, so screen readers pronounce German text as German.
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

void i18n.use(initReactI18next).init({
  initAsync: false,
  resources: {},
  partialBundledLanguages: true,
  lng: initialLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false }, // React escapes already
});

/** Settles when the first language's texts are here; the app renders after it (main.tsx). */
export const i18nReady = loadLanguage(currentLanguage());

export { i18n };
