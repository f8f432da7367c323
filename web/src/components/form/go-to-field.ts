// Taking the person to a field: the error summary's links and the Change
// links of "Check your answers" put the keyboard on the field's control.

/** fieldElement is the control of a field: its input, or the first box of
 * a group of checkboxes. */
export function fieldElement(prefix: string, key: string): HTMLElement | null {
  return document.getElementById(`${prefix}-${key}`) ?? document.getElementById(`${prefix}-${key}-0`);
}

/** goToField moves the focus to a field's control and brings its label
 * into view with it, so the person sees the question as well as the box. */
export function goToField(prefix: string, key: string): void {
  const el = fieldElement(prefix, key);
  if (!el) return;
  const shell = el.closest('.form-field, fieldset, .form-date') ?? el;
  if (typeof shell.scrollIntoView === 'function') shell.scrollIntoView({ block: 'center' });
  el.focus({ preventScroll: true });
}
