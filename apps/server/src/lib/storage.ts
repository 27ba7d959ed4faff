import { createReadStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import type { Readable } from 'node:stream';

// Files live behind this interface: a local directory by default; object storage fits the same shape.
export type Storage = {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Readable;
  remove(key: string): Promise<void>;
};

export function localStorage(root: string): Storage {
  const path = (key: string) => {
    const p = normalize(join(root, key));
    if (!p.startsWith(normalize(root))) throw new Error('chave de arquivo inválida');
    return p;
  };
  return {
    async put(key, data) {
      await mkdir(dirname(path(key)), { recursive: true });
      await writeFile(path(key), data);
    },
    get: (key) => createReadStream(path(key)),
    async remove(key) {
      await rm(path(key), { force: true });
    },
  };
}
