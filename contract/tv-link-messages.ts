// The TV board's 404 answers (docs/decisions/0086-tv-pairing.md), apart from contract/tv-links.ts so that the board's
// page can tell them apart without loading zod before its first paint.

/** An address whose token never was a TV link's (mistyped, cut short). */
export const TV_LINK_NOT_FOUND = 'There is no TV link at this address. Check the address for a typing mistake, or pair the TV again.';

/** A revoked link's answer: 404 like an unknown one, in its own words. */
export const TV_LINK_REVOKED = 'This TV link was revoked. Pair the TV again, or ask the owner for a new link.';
