import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './client.ts';

// Migrations come from several branches merged together; the migrator applies a journal entry only when
// its timestamp is newer than the last applied one, so out-of-order timestamps would skip a migration
// on databases that already exist. Every SQL file must be in the journal, in order, once.
describe('migrações', () => {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };

  it('o journal tem cada arquivo SQL uma vez, em ordem de número e de data', () => {
    const arquivos = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).map((f) => f.replace(/\.sql$/, '')).sort();
    expect(journal.entries.map((e) => e.tag)).toEqual(arquivos);
    journal.entries.forEach((e, i) => {
      expect(e.idx).toBe(i);
      expect(e.tag.startsWith(String(i).padStart(4, '0'))).toBe(true);
      if (i > 0) expect(e.when).toBeGreaterThan(journal.entries[i - 1].when);
    });
  });
});
