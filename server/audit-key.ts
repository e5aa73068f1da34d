import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from './config';

/** The file under DATA_DIR that holds the embedded database's audit key, in hex (docs/decisions/0037). */
export const AUDIT_KEY_FILE = 'audit.key';

const HEX_KEY = /^[0-9a-f]{64}$/i;

/** Where the embedded database's audit key is kept. */
export const auditKeyPath = (config: Pick<AppConfig, 'dataDir'>) => path.join(path.resolve(config.dataDir), AUDIT_KEY_FILE);

/**
 * The key that seals the audit trail, as the app and audit:verify find it: AUDIT_KEY when set (PostgreSQL: every
 * instance shares it), else on the embedded database DATA_DIR/audit.key. Undefined when there is none.
 */
export function readAuditKey(config: Pick<AppConfig, 'auditKey' | 'databaseUrl' | 'dataDir'>): Buffer | undefined {
  if (config.auditKey) return config.auditKey;
  if (config.databaseUrl) return undefined;
  const file = auditKeyPath(config);
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8').trim();
  if (!HEX_KEY.test(text)) throw new Error(`${file} does not hold an audit key (64 hexadecimal characters)`);
  return Buffer.from(text, 'hex');
}

/**
 * The audit key for the app: as readAuditKey, and on the embedded database without one, a new random key written to
 * DATA_DIR/audit.key (readable by its owner only) at the first start and kept. It is never written to the database:
 * what the database holds cannot forge it.
 */
export function loadOrCreateAuditKey(config: Pick<AppConfig, 'auditKey' | 'databaseUrl' | 'dataDir'>): Buffer | undefined {
  const known = readAuditKey(config);
  if (known || config.databaseUrl) return known;
  const key = randomBytes(32);
  mkdirSync(path.resolve(config.dataDir), { recursive: true });
  // wx: two processes starting at once cannot both write a key (the data directory lock lets one through anyway).
  writeFileSync(auditKeyPath(config), `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}
