// Secrets the server must read back (webhook signing secrets) are stored encrypted with AES-256-GCM, so that a copy
// of the database alone does not reveal them. The key comes from SECRETS_KEY, or from a key file created in DATA_DIR
// on first use (one machine; several hosts sharing a PostgreSQL database must all set the same SECRETS_KEY).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const VERSION = 'v1';
const KEY_FILE = 'secrets.key';

export interface SecretBox {
  /** `v1.<iv>.<tag>.<ciphertext>` (base64url parts); a new random IV each time. */
  seal(plain: string): string;
  /** Throws when the text was not sealed with this key or was altered. */
  open(sealed: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The secrets key must be 32 bytes.');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined)
        throw new Error('Not a sealed secret.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

/** Reads `secrets.key` in dataDir, creating it (mode 0600) when absent; concurrent creators agree on one file. */
export function loadOrCreateKeyFile(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key.`);
  return key;
}

const boxes = new Map<string, SecretBox>();

/** The installation's key: SECRETS_KEY when set, else the key file in DATA_DIR (created on first use). */
function installationKey(config: { secretsKey: string | undefined; dataDir: string }): Buffer {
  return config.secretsKey ? Buffer.from(config.secretsKey, 'base64') : loadOrCreateKeyFile(config.dataDir);
}

/** The box of this configuration: SECRETS_KEY when set, else the key file in DATA_DIR (created on first use). */
export function secretBoxFor(config: { secretsKey: string | undefined; dataDir: string }): SecretBox {
  const id = config.secretsKey ? `key:${config.secretsKey}` : `dir:${path.resolve(config.dataDir)}`;
  let box = boxes.get(id);
  if (!box) {
    box = createSecretBox(installationKey(config));
    boxes.set(id, box);
  }
  return box;
}

/**
 * A key for one purpose (e.g. signing unsubscribe links), derived from the installation's key with HKDF, so the
 * encryption key itself never signs anything and every process of an installation derives the same one.
 */
export function derivedKeyFor(
  config: { secretsKey: string | undefined; dataDir: string },
  purpose: string,
): Buffer {
  return Buffer.from(hkdfSync('sha256', installationKey(config), Buffer.alloc(0), purpose, 32));
}
