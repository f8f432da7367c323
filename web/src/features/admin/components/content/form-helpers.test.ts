import { describe, expect, it } from 'vitest';
import type { SiteField } from '../../api/site-admin';
import { bodyOf, emptyDoc, firstErrorId, hasErrorUnder, itemTitle, moveItem, parseNumber, previewPath, withDefaults } from './form-helpers';

const text = (key: string): SiteField => ({ key, label: key, kind: 'text', required: false });
const fields: SiteField[] = [
  text('orgName'),
  { key: 'addressLines', label: 'Address', kind: 'list', required: false },
  { key: 'map', label: 'Map', kind: 'object', required: false, fields: [{ key: 'lat', label: 'Lat', kind: 'number', required: false }] },
  { key: 'phones', label: 'Phones', kind: 'objects', required: false, fields: [text('display'), text('dial')] },
  { key: 'consent', label: 'Consent', kind: 'bool', required: true },
  { key: 'stars', label: 'Stars', kind: 'int', required: true },
];

describe('form helpers', () => {
  it('emptyDoc draws a new record from the definitions', () => {
    expect(emptyDoc(fields)).toEqual({ orgName: '', addressLines: [], map: { lat: null }, phones: [], consent: false, stars: null });
  });

  it('withDefaults fills what a stored record lacks and keeps the rest', () => {
    expect(withDefaults(fields, { orgName: 'SPDC', map: {}, __v: 3, phones: null })).toEqual({
      orgName: 'SPDC',
      addressLines: [],
      map: { lat: null },
      phones: [],
      consent: false,
      stars: null,
      __v: 3,
    });
  });

  it('bodyOf sends the defined fields, published and __v only', () => {
    expect(bodyOf([text('name')], { _id: 'a', name: 'Asha', createdAt: 'x', published: true, __v: 2, language: 'en' })).toEqual({ name: 'Asha', published: true, __v: 2 });
  });

  it('moveItem moves within bounds and ignores a move past an end', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
  });

  it('parseNumber leaves empty as no value and keeps bad input visible as NaN', () => {
    expect(parseNumber(' ')).toBeNull();
    expect(parseNumber('27.5')).toBe(27.5);
    expect(parseNumber('abc')).toBeNaN();
  });

  it('reads nested field errors and finds the first refused field in form order', () => {
    const errors = { 'stars': 'Choose 1 to 5', 'phones.0.dial': 'Use + and digits' };
    expect(hasErrorUnder(errors, 'phones')).toBe(true);
    expect(hasErrorUnder(errors, 'phones.0')).toBe(true);
    expect(hasErrorUnder(errors, 'phone')).toBe(false);
    expect(firstErrorId('f', errors, fields.map((f) => f.key))).toBe('f-phones-0-dial');
    expect(firstErrorId('f', {}, [])).toBeNull();
  });

  it('names items and their public pages', () => {
    expect(itemTitle({ question: ' Who? ' })).toBe('Who?');
    expect(itemTitle({})).toBe('Untitled');
    expect(previewPath('pages', { slug: 'terms' })).toBe('/teamcondition');
    expect(previewPath('team')).toBe('/team');
    expect(previewPath('events', { _id: 'a b' })).toBe('/eventdetails?id=a%20b');
    expect(previewPath('causes')).toBe('/causes');
    expect(previewPath('causes', { _id: 'c1' })).toBe('/causesdetails?id=c1');
    expect(previewPath('settings')).toBe('/contactus');
  });
});
