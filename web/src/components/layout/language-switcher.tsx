// The language switcher at the top of every page: each language named in
// its own script, the one shown marked as pressed. Buttons in a group, like
// the text-size control, so a keyboard reaches each one with Tab and picks
// it with Enter or Space; on a phone the row stays visible above the menu.
import { LANG_NAMES, LANGS, useLang, useT } from '@/i18n';
import { pickLanguage } from '@/i18n/account';

export function LanguageSwitcher() {
  const t = useT();
  const current = useLang();
  return (
    <div className="lang-switch" role="group" aria-label={t('header.language')}>
      {LANGS.map((l) => (
        <button key={l} type="button" lang={l} aria-pressed={l === current} onClick={() => void pickLanguage(l)}>
          {LANG_NAMES[l]}
        </button>
      ))}
    </div>
  );
}
