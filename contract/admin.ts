import { z } from 'zod';
import { text, zodText } from './i18n';
import { messages } from './messages';

/** A backup passphrase: long enough that guessing it offline (the file may leave the server) is out of reach. */
export const BACKUP_PASSPHRASE_MIN = 12;
export const BACKUP_PASSPHRASE_MAX = 1_024;

export const backupPassphrase = z
  .string()
  .min(BACKUP_PASSPHRASE_MIN, zodText(text(messages, 'passphraseAtLeast', { min: BACKUP_PASSPHRASE_MIN })))
  .max(BACKUP_PASSPHRASE_MAX, zodText(text(messages, 'passphraseAtMost', { max: BACKUP_PASSPHRASE_MAX })));

/** POST /api/admin/backup: an optional JSON body; with a passphrase the backup is encrypted (AES-256-GCM). */
export const backupRequest = z.strictObject({ passphrase: backupPassphrase.optional() });
export type BackupRequest = z.infer<typeof backupRequest>;
