import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

// The real third-party samples live beside the repository (../shared/data), never inside it. A test that
// needs them fails when they are missing instead of skipping: CI always has them.
export const DADOS_COMPARTILHADOS = resolve(import.meta.dirname, '../../../../../shared/data');

export function dadoCompartilhado(caminho: string): string {
  const completo = resolve(DADOS_COMPARTILHADOS, caminho);
  if (!existsSync(completo)) throw new Error(`Amostra ausente: ${completo} (../shared/data ao lado do repositório)`);
  return completo;
}
