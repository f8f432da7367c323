// The language and the account: a choice made while signed in is kept on
// the account (PUT /api/users/me/language), and after signing in the site
// takes the account's language, so a person finds their language on any
// computer. A server without that endpoint (404) keeps the choice in this
// browser only.
import { ApiError, api } from '@/lib/api';
import { AUTH_CHANGED, getToken, getUser, updateSessionUser } from '@/lib/session';
import { refreshSiteData } from '@/lib/site-data';
import { getLang, parseLang, switchLanguage, type Lang } from '.';

async function show(l: Lang) {
  await switchLanguage(l);
  // The program's own texts (pages, stories) in the new language.
  void refreshSiteData();
}

/** pickLanguage is the person choosing l in the header. */
export async function pickLanguage(l: Lang): Promise<void> {
  await show(l);
  if (!getToken()) return;
  try {
    await api('/users/me/language', { method: 'PUT', body: { language: l } });
    const user = getUser();
    if (user) updateSessionUser({ ...user, language: l });
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) console.warn('the language could not be kept on the account', err);
  }
}

/** startAccountLanguage follows sign-ins: a new session brings its account's language. */
export function startAccountLanguage(): void {
  let last = getToken();
  window.addEventListener(AUTH_CHANGED, () => {
    const token = getToken();
    if (token && token !== last) {
      const l = parseLang(getUser()?.language);
      if (l && l !== getLang()) void show(l);
    }
    last = token;
  });
}
