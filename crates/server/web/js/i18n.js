// Translations with Fluent: web/i18n/{lang}/ui.ftl, rules.ftl, puzzles.ftl and lesson.ftl, falling back to English
// message by message.

import { FluentBundle, FluentResource } from '../vendor/fluent-bundle/index.js';
import { prefs } from './prefs.js';

/** The fourteen languages, each named in itself. */
export const LANGUAGES = [
  { code: 'de', name: 'Deutsch' },
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'Français' },
  { code: 'es', name: 'Español' },
  { code: 'it', name: 'Italiano' },
  { code: 'nl', name: 'Nederlands' },
  { code: 'da', name: 'Dansk' },
  { code: 'sv', name: 'Svenska' },
  { code: 'nb', name: 'Norsk bokmål' },
  { code: 'fi', name: 'Suomi' },
  { code: 'pl', name: 'Polski' },
  { code: 'cs', name: 'Čeština' },
  { code: 'sk', name: 'Slovenčina' },
  { code: 'ru', name: 'Русский' },
];

const FILES = ['ui', 'rules', 'puzzles', 'lesson'];
const cache = new Map();
let bundles = [];
let current = 'en';

function known(code) {
  return LANGUAGES.some((l) => l.code === code);
}

/** The remembered choice, else the first of the browser's languages we have, else English. */
export function preferredLanguage() {
  const saved = prefs.language;
  if (saved && known(saved)) return saved;
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en'];
  for (const tag of wanted) {
    let base = String(tag).toLowerCase().split('-')[0];
    if (base === 'no' || base === 'nn') base = 'nb';
    if (known(base)) return base;
  }
  return 'en';
}

async function loadBundle(lang) {
  if (cache.has(lang)) return cache.get(lang);
  const bundle = new FluentBundle(lang, { useIsolating: false });
  await Promise.all(
    FILES.map(async (file) => {
      try {
        const res = await fetch(`/assets/i18n/${lang}/${file}.ftl`);
        if (!res.ok) return;
        const errors = bundle.addResource(new FluentResource(await res.text()));
        for (const e of errors) console.warn(`i18n ${lang}/${file}.ftl:`, e);
      } catch (e) {
        console.warn(`i18n: could not load ${lang}/${file}.ftl`, e);
      }
    }),
  );
  cache.set(lang, bundle);
  return bundle;
}

/** Loads a language (and English as the fallback) and makes it current. */
export async function setLanguage(lang) {
  if (!known(lang)) lang = 'en';
  const chosen = await loadBundle(lang);
  const english = lang === 'en' ? chosen : await loadBundle('en');
  bundles = lang === 'en' ? [english] : [chosen, english];
  current = lang;
  document.documentElement.lang = lang;
}

export function language() {
  return current;
}

/** Formats message `id`; an unknown id shows as the id itself so it is easy to spot. */
export function t(id, args) {
  for (const bundle of bundles) {
    const msg = bundle.getMessage(id);
    if (msg && msg.value) {
      const errors = [];
      const text = bundle.formatPattern(msg.value, args, errors);
      if (!errors.length) return text;
    }
  }
  return id;
}

/** Whether any loaded bundle has message `id`. */
export function has(id) {
  return bundles.some((b) => b.hasMessage(id));
}

/** A side's name in the current language. */
export function sideName(side) {
  return t(side === 'north' ? 'side-north' : 'side-south');
}

/** A number in the current language, with an explicit sign when `signed`. */
export function formatNumber(value, signed = false) {
  try {
    return new Intl.NumberFormat(current, signed ? { signDisplay: 'exceptZero' } : {}).format(value);
  } catch (_) {
    return String(value);
  }
}

export function formatDate(iso) {
  try {
    return new Intl.DateTimeFormat(current, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  } catch (_) {
    return String(iso);
  }
}
