import { describe, expect, it } from 'vitest';
import { noteShownNotice, shownNotice } from './shown-notice';

describe('shownNotice', () => {
  it('sends back the language and version of the notice a form showed, and nothing for one never opened', () => {
    expect(shownNotice('host')).toEqual({});
    expect(shownNotice(undefined)).toEqual({});
    noteShownNotice('host', 'hi', '2026-11-27');
    expect(shownNotice('host')).toEqual({ noticeLanguage: 'hi', noticeVersion: '2026-11-27' });
    // Opened again after another language was chosen: the last one read.
    noteShownNotice('host', 'bn', '2026-11-27');
    expect(shownNotice('host')).toEqual({ noticeLanguage: 'bn', noticeVersion: '2026-11-27' });
    expect(shownNotice('contact')).toEqual({});
  });
});
