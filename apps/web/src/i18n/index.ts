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

// The texts come in two parts, each a chunk per language: those of the pages before sign-in
// (`public.*.json`: login, PIN, recovery, errors) and the rest (`*.json`), fetched with the signed-in
// area, so the login screen loads only its own (docs/performance.md "Web delivery").
const TEXTS = {
  public: { en: () => import('./public.en.json'), de: () => import('./public.de.json') },
  signedIn: { en: () => import('./en.json'), de: () => import('./de.json') },
} satisfies Record<string, Record<AppLanguage, () => Promise<{ default: ResourceLanguage }>>>;
type TextPart = keyof typeof TEXTS;
export const ALL_TEXTS: readonly TextPart[] = ['public', 'signedIn'];

const loaded = new Set<string>();
// Once the signed-in area has been opened, a language switch fetches its texts too.
const wanted = new Set<TextPart>(['public']);

const isLoaded = (language: AppLanguage) => [...wanted].every((part) => loaded.has(`${part}:${language}`));

/** Fetches a language's texts, each part once: those wanted so far, or the parts given. */
export async function loadLanguage(language: AppLanguage, parts: readonly TextPart[] = [...wanted]): Promise<void> {
  await Promise.all(
    parts.map(async (part) => {
      if (!loaded.has(`${part}:${language}`)) {
        const { default: texts } = await TEXTS[part][language]();
        i18n.addResourceBundle(language, 'translation', texts, true);
        loaded.add(`${part}:${language}`);
      }
    }),
  );
}

/** The signed-in area's texts in the reader's language, from now on in any language switched to. */
export function loadSignedInTexts(): Promise<void> {
  wanted.add('signedIn');
  return loadLanguage(currentLanguage());
}

// Switches at once when the texts are here, so no render shows the old language after the call.
function switchTo(language: AppLanguage): Promise<unknown> {
  return isLoaded(language)
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

/** Settles when the first language's public texts are here; the app renders after it (app/start.tsx). */
export const i18nReady = loadLanguage(currentLanguage());

export { i18n };
