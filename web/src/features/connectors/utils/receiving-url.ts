/**
 * The address a CRM sends to, whole: the server gives a path when it does not know its public address (no PUBLIC_URL),
 * and the owner reaches it at this page's origin.
 */
export function receivingUrl(inbound: string, origin: string): string {
  return inbound.startsWith('/') ? `${origin}${inbound}` : inbound;
}
