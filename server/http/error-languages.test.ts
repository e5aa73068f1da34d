import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { render, text } from '../../contract/i18n';
import { calendarDay } from '../../contract/fields';
import { parseInput } from './errors';
import { AppError, notFound } from '../domain/errors';
import { messages } from '../domain/messages';
import { inLanguage, requestedLanguage } from '../domain/translate';

describe('the server’s texts in the language a request asks for', () => {
  it('takes the best of Accept-Language that is one of ours, else English', () => {
    expect(requestedLanguage(undefined)).toBe('en');
    expect(requestedLanguage('')).toBe('en');
    expect(requestedLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(requestedLanguage('pt-BR, fr;q=0.5, es;q=0.7')).toBe('es');
    expect(requestedLanguage('ja, zh-CN')).toBe('en');
    expect(requestedLanguage('de;q=0, fr')).toBe('fr');
    expect(requestedLanguage(['es-MX', 'de'])).toBe('es');
  });

  it('renders a domain error in German inside inLanguage, and English again after', () => {
    const error = notFound('Agent');
    expect(error.message).toBe('Agent not found');
    expect(inLanguage('de', () => error.toBody())).toEqual({ message: 'Vertriebler nicht gefunden', code: 'NOT_FOUND' });
    expect(inLanguage('fr', () => render(text(messages, 'forbidden')))).toBe('Vous n’avez pas l’autorisation de faire cela');
    expect(error.toBody().message).toBe('Agent not found');
  });

  it('answers a schema’s failure in the language asked for, each field’s message too', () => {
    const schema = z.object({ from: calendarDay('from') });
    let failure: unknown;
    try {
      parseInput(schema, { from: '2026-02-30' });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(AppError);
    const error = failure as AppError;
    expect(error.message).toBe('from must be a date that exists, such as 2026-11-01');
    expect(inLanguage('de', () => error.toBody())).toEqual({
      message: 'from muss ein existierendes Datum wie 2026-11-01 sein',
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'from', message: 'from muss ein existierendes Datum wie 2026-11-01 sein' }],
    });
    expect(error.toBody().issues).toEqual([{ path: 'from', message: 'from must be a date that exists, such as 2026-11-01' }]);
  });
});
