import { describe, expect, it } from 'vitest';
import { plainParagraphs } from './plain-text';

describe('plainParagraphs', () => {
  it('keeps the words of each paragraph without Markdown marks', () => {
    expect(plainParagraphs('## About\n\nWe **care** for _elders_,\nevery day.\n\nSee [our team](/team) and `code`.')).toEqual([
      'About',
      'We care for elders, every day.',
      'See our team and code.',
    ]);
  });

  it('never keeps HTML tags and skips empty paragraphs', () => {
    expect(plainParagraphs('<b>Hi</b> there\r\n\r\n\r\n  \n\n> quoted')).toEqual(['Hi there', 'quoted']);
    expect(plainParagraphs('')).toEqual([]);
  });
});
