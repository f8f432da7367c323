// The register's forms count a text's length as the server does: in
// characters (code points), after trimming, so a Hindi or Bengali note is
// measured the same on both sides.

/** tooLong reports whether v is longer than max characters. */
export function tooLong(v: string, max: number): boolean {
  return [...v.trim()].length > max;
}
