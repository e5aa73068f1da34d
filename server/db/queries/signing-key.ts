import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../client';
import { appMeta } from '../schema';

const KEY_NAME = 'badge_signing_key';

/**
 * The organisation's Ed25519 key that signs badge credentials (docs/decisions/0078-achievements.md): made once, by
 * whichever instance starts first (the app makes sure of it when it starts; the others read that one), kept in
 * app_meta as PKCS #8 PEM. Whoever reads the database can sign badges: it is kept with the rest of the organisation's
 * secrets.
 */
export async function badgeSigningKey(db: Db): Promise<{ privateKey: KeyObject; publicKey: KeyObject }> {
  const read = async () => (await queryRows<{ value: string }>(db, sql`select value from ${appMeta} where key = ${KEY_NAME}`))[0]?.value;
  let pem = await read();
  if (!pem) {
    const made = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    await db.execute(sql`insert into ${appMeta} (key, value) values (${KEY_NAME}, ${made}) on conflict do nothing`);
    pem = (await read())!;
  }
  const privateKey = createPrivateKey(pem);
  return { privateKey, publicKey: createPublicKey(privateKey) };
}
