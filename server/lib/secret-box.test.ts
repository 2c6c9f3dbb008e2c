import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecretBox, loadOrCreateKeyFile, secretBoxFor } from './secret-box';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-box-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('secret box', () => {
  it('seals with a fresh IV each time and opens what it sealed', () => {
    const box = createSecretBox(randomBytes(32));
    const a = box.seal('whsec_abc');
    const b = box.seal('whsec_abc');
    expect(a).not.toBe(b);
    expect(a).not.toContain('whsec_abc');
    expect(box.open(a)).toBe('whsec_abc');
    expect(box.open(b)).toBe('whsec_abc');
  });

  it('refuses another key and altered text', () => {
    const sealed = createSecretBox(randomBytes(32)).seal('secret');
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => createSecretBox(randomBytes(32)).open(parts.join('.'))).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open('plain')).toThrow(/Not a sealed secret/);
  });

  it('creates the key file once, mode 0600, and reads it back', () => {
    const dir = tempDir();
    const key = loadOrCreateKeyFile(path.join(dir, 'data'));
    expect(key).toHaveLength(32);
    const file = path.join(dir, 'data', 'secrets.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateKeyFile(path.join(dir, 'data')).equals(key)).toBe(true);
  });

  it('uses SECRETS_KEY when set, the key file otherwise', () => {
    const dir = tempDir();
    const secretsKey = randomBytes(32).toString('base64');
    const sealed = secretBoxFor({ secretsKey, dataDir: dir }).seal('x');
    expect(fs.existsSync(path.join(dir, 'secrets.key'))).toBe(false);
    expect(createSecretBox(Buffer.from(secretsKey, 'base64')).open(sealed)).toBe('x');
    const fromFile = secretBoxFor({ secretsKey: undefined, dataDir: dir }).seal('y');
    expect(createSecretBox(loadOrCreateKeyFile(dir)).open(fromFile)).toBe('y');
  });
});
