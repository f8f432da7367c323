// The site's own cookies, each a visitor's choice the server reads to
// answer in it (the language, the text size): kept a year, sent on every
// page of the site, never to another site's requests.

/** readCookie is the value of the named cookie, or null. */
export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** keepCookie keeps a value for a year; null removes the cookie. */
export function keepCookie(name: string, value: string | null): void {
  document.cookie = value === null ? `${name}=; path=/; max-age=0; SameSite=Lax` : `${name}=${value}; path=/; max-age=31536000; SameSite=Lax`;
}
