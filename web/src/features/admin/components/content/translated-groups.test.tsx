// The settings kept per language when a group holds texts people read:
// the phones keep only their labels and the grievance officer only the
// name and title, and the English text beside the form lists those texts,
// the phones numbered as the translation follows them by position.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { translatable } from './translations';
import { EnglishText } from './english-text';
import type { SiteField } from '../../api/site-admin';

const text = (key: string, label: string, extra: Partial<SiteField> = {}): SiteField => ({ key, label, kind: 'text', required: false, ...extra });
const fields: SiteField[] = [
  text('tagline', 'Tagline', { translatable: true }),
  text('email', 'Email', { format: 'email' }),
  {
    key: 'phones',
    label: 'Phone numbers',
    kind: 'objects',
    required: false,
    fields: [text('label', 'Label', { translatable: true }), text('display', 'Number shown', { required: true }), text('dial', 'Number to dial', { required: true })],
  },
  {
    key: 'grievanceOfficer',
    label: 'Grievance officer',
    kind: 'object',
    required: false,
    fields: [text('name', 'Name', { translatable: true }), text('title', 'Title', { translatable: true }), text('email', 'Email', { format: 'email' })],
  },
  { key: 'map', label: 'Map', kind: 'object', required: false, fields: [{ key: 'lat', label: 'Latitude', kind: 'number', required: false }] },
];

afterEach(cleanup);

describe('settings groups in another language', () => {
  it('keeps a group with its translatable texts only', () => {
    const kept = translatable(fields);
    expect(kept.map((f) => f.key)).toEqual(['tagline', 'phones', 'grievanceOfficer']);
    expect(kept[1].fields?.map((f) => f.key)).toEqual(['label']);
    expect(kept[2].fields?.map((f) => f.key)).toEqual(['name', 'title']);
    expect(kept.every((f) => !f.required)).toBe(true);
  });

  it('shows the English texts of the groups beside the form', () => {
    const english = {
      tagline: 'Care for elders',
      phones: [
        { label: 'Office', display: '+91 98000 00001', dial: '+919800000001' },
        { label: 'Helpline', display: '+91 98000 00002', dial: '+919800000002' },
      ],
      grievanceOfficer: { name: 'Radha Devi', title: 'Grievance officer', email: 'dpo@spdc.org' },
    };
    render(<EnglishText fields={translatable(fields)} doc={english} />);
    expect(screen.getByText('Phone numbers').nextElementSibling?.textContent).toBe('1. Office\n2. Helpline');
    expect(screen.getByText('Grievance officer').nextElementSibling?.textContent).toBe('Radha Devi · Grievance officer');
    expect(screen.queryByText(/dpo@spdc.org|98000/)).toBeNull();
  });
});
