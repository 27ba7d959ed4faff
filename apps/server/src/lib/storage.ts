import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// Files live behind this interface: a local directory by default; object storage fits the same shape
// (ranged GETs for `lerTrecho`, a streamed upload for `putStream`).
export type Storage = {
  put(key: string, data: Buffer): Promise<void>;
  /** Writes a stream without holding it whole (a 200 MB upload); answers the bytes written. */
  putStream(key: string, data: Readable): Promise<number>;
  get(key: string): Readable;
  /** `tamanho` bytes from `inicio` (fewer at the end of the file): random access into a stored ZIP. */
  lerTrecho(key: string, inicio: number, tamanho: number): Promise<Buffer>;
  tamanho(key: string): Promise<number>;
  /** Removes a file (or a folder of files, e.g. a ZIP's expanded entries); missing is fine. */
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
    async putStream(key, data) {
      await mkdir(dirname(path(key)), { recursive: true });
      const out = createWriteStream(path(key));
      await pipeline(data, out);
      return out.bytesWritten;
    },
    get: (key) => createReadStream(path(key)),
    async lerTrecho(key, inicio, tamanho) {
      const f = await open(path(key), 'r');
      try {
        const buf = Buffer.allocUnsafe(tamanho);
        let lidos = 0;
        while (lidos < tamanho) {
          const { bytesRead } = await f.read(buf, lidos, tamanho - lidos, inicio + lidos);
          if (!bytesRead) break;
          lidos += bytesRead;
        }
        return buf.subarray(0, lidos);
      } finally {
        await f.close();
      }
    },
    tamanho: async (key) => (await stat(path(key))).size,
    async remove(key) {
      await rm(path(key), { force: true, recursive: true });
    },
  };
}
