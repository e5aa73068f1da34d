import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTexts, englishRenderer, render, setTextRenderer, text, zodText } from './i18n';

const messages = defineTexts('contract/test', {
  required: '{field} is required',
  field: 'Name',
  count: '{n, plural, one {# entry} other {# entries}}',
});

afterEach(() => setTextRenderer(englishRenderer));

describe('texts of contract and server (contract/i18n.ts)', () => {
  it('render in English with their values, texts among them rendered too', () => {
    expect(render(text(messages, 'required', { field: text(messages, 'field') }))).toBe('Name is required');
    expect(String(text(messages, 'count', { n: 1 }))).toBe('1 entry');
    expect(render('plain words')).toBe('plain words');
  });

  it('render with the renderer installed, a value that is a text in the same language', () => {
    const german: Record<string, string> = { required: '{field} ist erforderlich', field: 'Name (de)' };
    setTextRenderer((catalog, key, values) => `${german[key]!.replace('{field}', String(values?.field ?? ''))}`);
    expect(render(text(messages, 'required', { field: text(messages, 'field') }))).toBe('Name (de) ist erforderlich');
    // String() stays English whatever is installed: for logs and the English body.
    expect(String(text(messages, 'required', { field: 'Email' }))).toBe('Email is required');
  });

  it('make zod messages when the issue is made, in the language of that moment', () => {
    const schema = z.string(zodText(text(messages, 'required', { field: 'Email' }))).min(1, zodText(text(messages, 'required', { field: 'Email' })));
    expect(schema.safeParse('').error?.issues[0]?.message).toBe('Email is required');
    setTextRenderer(() => 'anders');
    expect(schema.safeParse('').error?.issues[0]?.message).toBe('anders');
    expect(schema.safeParse(3).error?.issues[0]?.message).toBe('anders');
  });
});
