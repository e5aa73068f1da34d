// A push service (RFC 8030) in the test process: it takes the app's POSTs, checks their VAPID signature (RFC 8292)
// and decrypts their aes128gcm bodies (RFC 8188, RFC 8291) with the keys of subscriptions made here as a browser makes
// them. Written from the RFCs with node:crypto only, so that it checks web-push instead of repeating it.
import { createCipheriv, createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser's subscription: what it sends the app, and the private half it keeps to decrypt. */
export interface TestSubscription {
  id: string;
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: Buffer;
}

/** A push as received: its headers, the VAPID claims checked, and the decrypted payload. */
export interface ReceivedPush {
  subscription: string;
  headers: IncomingMessage['headers'];
  vapid: { publicKey: string; claims: { aud: string; exp: number; sub: string } };
  payload: { title: string; body: string; url: string; tag: string };
  /** The decrypted body as it came (a browser hands this to its service worker). */
  plaintext: string;
}

/** A P-256 point (uncompressed, 65 bytes) as a key node:crypto verifies with. */
function p256Key(point: Buffer) {
  return createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' });
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292 §3): an ES256 JWT signed by k, for this origin
 * (aud), not expired and at most 24 hours ahead (exp), naming its sender (sub: mailto: or https:). Throws otherwise.
 */
export function verifyVapid(header: string | undefined, origin: string): ReceivedPush['vapid'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, token, key] = match as unknown as [string, string, string];
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString()) as { typ?: string; alg?: string };
  if (header_.alg !== 'ES256') throw new Error(`VAPID JWT alg ${header_.alg}, not ES256`);
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  // JWS ES256 signatures are r || s (IEEE P1363), not DER.
  const good = verify('sha256', Buffer.from(`${head}.${claims}`), { key: p256Key(point), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!good) throw new Error('the VAPID JWT signature does not verify with k');
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (parsed.aud !== origin) throw new Error(`aud ${parsed.aud} is not the push service's origin ${origin}`);
  const nowSeconds = Date.now() / 1000;
  if (!(parsed.exp > nowSeconds && parsed.exp <= nowSeconds + 24 * 60 * 60)) throw new Error(`exp ${parsed.exp} is not within the next 24 hours`);
  if (!/^(mailto:|https:)/.test(parsed.sub)) throw new Error(`sub ${parsed.sub} is neither mailto: nor https:`);
  return { publicKey: key, claims: parsed };
}

/**
 * Decrypts an aes128gcm body for a subscription (RFC 8291 §3.4 and RFC 8188 §2): the header's salt, record size and
 * the sender's public key; the key and nonce from the ECDH secret and the auth secret; one record whose padding ends
 * with the last-record delimiter 0x02.
 */
export function decryptPush(body: Buffer, subscription: Pick<TestSubscription, 'ecdh' | 'auth'>): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid of ${idLength} bytes: RFC 8291 puts the sender's 65-byte public key there`);
  if (record.length > recordSize) throw new Error('more than one record: a push is one');
  const receiverKey = subscription.ecdh.getPublicKey();
  const secret = subscription.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, subscription.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('the record does not end with the last-record delimiter 0x02');
  return plain.subarray(0, end);
}

/** Encrypts as a sender would (only to check decryptPush on a known answer). */
export function encryptForTest(plain: Buffer, receiver: { publicKey: Buffer; auth: Buffer }): Buffer {
  const sender = createECDH('prime256v1');
  sender.generateKeys();
  const salt = randomBytes(16);
  const secret = sender.computeSecret(receiver.publicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.publicKey, sender.getPublicKey()]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, receiver.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const record = Buffer.concat([cipher.update(Buffer.concat([plain, Buffer.from([2])])), cipher.final(), cipher.getAuthTag()]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(4096, 16);
  header[20] = 65;
  return Buffer.concat([header, sender.getPublicKey(), record]);
}

/** The local push service: each subscription's endpoint is /push/<id> on it. */
export class PushService {
  private server: Server | undefined;
  origin = '';
  readonly received: ReceivedPush[] = [];
  /** Requests it could not accept (a bad signature, a body that does not decrypt): a test expects none. */
  readonly refused: string[] = [];
  /** Every POST by subscription, answered or not (to count attempts). */
  readonly attempts = new Map<string, number>();
  private readonly subscriptions = new Map<string, TestSubscription>();
  /** Statuses to answer a subscription's next POSTs with, in turn; then 201. */
  private readonly scripted = new Map<string, number[]>();

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
        this.attempts.set(id, (this.attempts.get(id) ?? 0) + 1);
        const subscription = this.subscriptions.get(id);
        const scripted = this.scripted.get(id)?.shift();
        if (request.method !== 'POST' || !subscription) {
          response.writeHead(404).end();
          return;
        }
        if (scripted !== undefined) {
          response.writeHead(scripted).end();
          return;
        }
        try {
          if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error(`Content-Encoding ${request.headers['content-encoding']}`);
          if (!/^\d+$/.test(String(request.headers.ttl))) throw new Error('no TTL header');
          const vapid = verifyVapid(request.headers.authorization, this.origin);
          const plaintext = decryptPush(Buffer.concat(chunks), subscription).toString('utf8');
          const payload = JSON.parse(plaintext) as ReceivedPush['payload'];
          this.received.push({ subscription: id, headers: request.headers, vapid, payload, plaintext });
          response.writeHead(201, { location: `${this.origin}/message/${this.received.length}` }).end();
        } catch (error) {
          this.refused.push(String(error));
          response.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A new subscription, its keys made as a browser makes them (P-256, a 16-byte auth secret). */
  subscribe(): TestSubscription {
    const id = randomBytes(9).toString('base64url');
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const subscription: TestSubscription = {
      id,
      ecdh,
      auth,
      json: { endpoint: `${this.origin}/push/${id}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
    };
    this.subscriptions.set(id, subscription);
    return subscription;
  }

  /** The next POSTs to a subscription are answered with these statuses (then 201 as usual). */
  answer(subscription: TestSubscription, ...statuses: number[]): void {
    this.scripted.set(subscription.id, statuses);
  }

  receivedBy(subscription: TestSubscription): ReceivedPush[] {
    return this.received.filter((push) => push.subscription === subscription.id);
  }
}
