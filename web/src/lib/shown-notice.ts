// Which privacy notice each form showed, so the form sends back the
// language and version its sender read and the consent is recorded with
// them. A notice never opened sends nothing: the server then records the
// notice in the language the page was shown in.
const shown = new Map<string, { noticeLanguage: string; noticeVersion: string }>();

/** noteShownNotice records the notice a form just showed. */
export function noteShownNotice(form: string, language: string, version: string): void {
  shown.set(form, { noticeLanguage: language, noticeVersion: version });
}

/** shownNotice is the fields a form adds to its body: the notice it showed, if any. */
export function shownNotice(form: string | undefined): Record<string, string> {
  const n = form ? shown.get(form) : undefined;
  return n ? { ...n } : {};
}
