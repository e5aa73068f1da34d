import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { queryRows, type Db } from '../client';
import { appMeta } from '../schema';

const KEY_NAME = 'push_vapid_keys';

/** The app's VAPID key pair (RFC 8292), base64url as browsers and push services take them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The key pair that signs every push (docs/decisions/0092-installable-app-and-push.md): made once, by whichever
 * instance starts first (the app makes sure of it when it starts; the others read that one), kept in app_meta with
 * the organisation's other secrets. Browsers bind their subscriptions to its public half: a new pair would silence
 * every device, so it is never replaced. The private half never leaves the server.
 */
export async function vapidKeys(db: Db): Promise<VapidKeys> {
  const read = async () => (await queryRows<{ value: string }>(db, sql`select value from ${appMeta} where key = ${KEY_NAME}`))[0]?.value;
  let kept = await read();
  if (!kept) {
    const made = webpush.generateVAPIDKeys();
    await db.execute(sql`insert into ${appMeta} (key, value) values (${KEY_NAME}, ${JSON.stringify(made)}) on conflict do nothing`);
    kept = (await read())!;
  }
  const { publicKey, privateKey } = JSON.parse(kept) as VapidKeys;
  return { publicKey, privateKey };
}
