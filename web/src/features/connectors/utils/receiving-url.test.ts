import { describe, expect, it } from 'vitest';
import { receivingUrl } from './receiving-url';

describe('receivingUrl', () => {
  it("puts a path after the page's origin", () => {
    expect(receivingUrl('/api/connectors/3/inbound?token=abc', 'https://track.example.com')).toBe('https://track.example.com/api/connectors/3/inbound?token=abc');
  });

  it('keeps an address the server made whole (PUBLIC_URL)', () => {
    expect(receivingUrl('https://public.example.com/api/connectors/3/inbound', 'http://127.0.0.1:3000')).toBe('https://public.example.com/api/connectors/3/inbound');
  });
});
