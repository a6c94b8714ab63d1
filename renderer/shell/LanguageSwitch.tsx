import { LOCALES } from '../i18n';
import { useI18n } from '../i18n/useI18n';
import { useLocaleStore } from '../i18n/localeStore';

/** 中文 / English: one click switches to the other language (the choice is remembered). */
export function LanguageSwitch() {
  const { t, locale } = useI18n();
  const setLocale = useLocaleStore((s) => s.setLocale);
  const next = LOCALES.find((value) => value !== locale) ?? locale;
  const nextName = t(next === 'en' ? 'language.en' : 'language.zh-CN');
  return (
    <div className="language-switch" role="group" aria-label={t('language.label')}>
      <button
        type="button"
        className="toolbar-button language-button"
        data-testid="language-switch"
        data-locale={locale}
        lang={next}
        title={`${t('language.label')}: ${nextName}`}
        onClick={() => setLocale(next)}
      >
        <span className="language-current" lang={locale} aria-hidden="true">
          {t(locale === 'en' ? 'language.en' : 'language.zh-CN')}
        </span>
        <span className="language-arrow" aria-hidden="true">⇄</span>
        <span className="language-next">{nextName}</span>
      </button>
    </div>
  );
}
