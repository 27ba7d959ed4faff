import { escreverCampo } from './campos.ts';
import type { ErroEdi, LayoutEdi, ValorCampo } from './tipos.ts';

export type RegistroParaEscrever = { id: string; valores: Record<string, ValorCampo | undefined> };

/**
 * Writes a PROCEDA file from records in file order: each field at its columns, fillers blank, every line
 * exactly `layout.tamanho` characters, CRLF between lines (what the partners' mainframe-era readers expect).
 * Values are the parser's (decimal strings, AAAA-MM-DD, HH:MM), so parse → write gives the same file back.
 * The order is checked with the same table the parser uses; any problem comes back with its line and field.
 */
export function escreverEdi(layout: LayoutEdi, registros: RegistroParaEscrever[]): { ok: true; texto: string } | { ok: false; erros: ErroEdi[] } {
  const erros: ErroEdi[] = [];
  const linhas: string[] = [];
  let anterior = '';
  registros.forEach((r, i) => {
    const reg = layout.registros[r.id];
    if (!reg) {
      erros.push({ linha: i + 1, campo: 'identificador', mensagem: `Registro "${r.id}" não existe no ${layout.documento} ${layout.versao}.` });
      return;
    }
    if (!reg.depoisDe.includes(anterior)) erros.push({ linha: i + 1, campo: 'identificador', mensagem: `Registro ${r.id} fora de ordem (depois de ${anterior || 'início'}).` });
    anterior = r.id;
    const linha = Array.from(r.id.padEnd(layout.tamanho, ' '));
    for (const c of reg.campos) {
      const e = escreverCampo(c, r.valores[c.nome]);
      if ('erro' in e) erros.push({ linha: i + 1, campo: c.nome, mensagem: e.erro });
      else linha.splice(c.inicio - 1, c.tamanho, ...Array.from(e.texto));
    }
    linhas.push(linha.slice(0, Math.max(layout.tamanho, linha.length)).join(''));
  });
  if (registros.length && !layout.finais.includes(anterior)) {
    erros.push({ linha: registros.length, campo: null, mensagem: `O ${layout.documento} não pode terminar no registro ${anterior}.` });
  }
  return erros.length ? { ok: false, erros } : { ok: true, texto: `${linhas.join('\r\n')}\r\n` };
}
