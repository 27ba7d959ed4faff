import { lerCampo } from './campos.ts';
import { LAYOUTS, layoutPorCabecalho } from './layouts/index.ts';
import type { ArquivoEdi, DocumentoEdi, ErroEdi, LayoutEdi, RegistroEdi, ResultadoEdi, VersaoEdi } from './tipos.ts';

/** Stops reporting after this many problems: a wrong file would otherwise answer with one error per field. */
const MAX_ERROS = 200;

/** Real files come in UTF-8 (accents are multibyte) or Windows-1252/Latin-1; fields are counted in characters. */
export function decodificarEdi(entrada: Uint8Array | string): string {
  if (typeof entrada === 'string') return entrada;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(entrada).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('latin1').decode(entrada);
  }
}

/** Lines without their terminators; a file written without line breaks is cut every `tamanho` characters. */
export function linhasEdi(texto: string, tamanho?: number): string[] {
  const linhas = texto.split(/\r\n|\n|\r/);
  while (linhas.length && linhas[linhas.length - 1].trim() === '') linhas.pop();
  if (linhas.length === 1 && tamanho && linhas[0].length > tamanho && linhas[0].length % tamanho === 0) {
    return Array.from({ length: linhas[0].length / tamanho }, (_, i) => linhas[0].slice(i * tamanho, (i + 1) * tamanho));
  }
  return linhas;
}

/** Which layout a file is, from its second record (000 is the same for all). */
export function identificarEdi(texto: string): { layout: LayoutEdi } | { erro: ErroEdi } {
  const linhas = linhasEdi(texto);
  if (!linhas.length) return { erro: { linha: 1, campo: null, mensagem: 'Arquivo vazio.' } };
  if (!linhas[0].startsWith('000')) {
    return { erro: { linha: 1, campo: 'identificador', mensagem: `O arquivo deve começar pelo registro 000 (cabeçalho de intercâmbio); encontrado "${linhas[0].slice(0, 3)}".` } };
  }
  // The document header is normally line 2; a file with records out of order still says what it is a few
  // lines later. Without line breaks it starts at the record's width: try each known width.
  const candidatos =
    linhas.length > 1 ? linhas.slice(1, 10).map((l) => l.slice(0, 3)) : Object.values(LAYOUTS).map((l) => linhas[0].slice(l.tamanho, l.tamanho + 3));
  for (const id of candidatos) {
    const layout = layoutPorCabecalho(id);
    if (layout) return { layout };
  }
  const id = candidatos[0] || '';
  const versao5 = { '520': 'CONEMB 5.0', '550': 'DOCCOB 5.0', '500': 'NOTFIS 5.0' }[id];
  return {
    erro: {
      linha: 2,
      campo: 'identificador',
      mensagem: versao5
        ? `Leiaute ${versao5} não suportado: envie o arquivo na versão 3.x.`
        : `Registro "${id}" não identifica um documento PROCEDA (esperado 340/540 OCOREN, 320 CONEMB, 350 DOCCOB ou 310 NOTFIS).`,
    },
  };
}

function lerRegistro(layout: LayoutEdi, linha: string, numero: number, anterior: string, erros: ErroEdi[]): RegistroEdi | null {
  const id = linha.slice(0, 3);
  const reg = layout.registros[id];
  if (!reg) {
    erros.push({ linha: numero, campo: 'identificador', mensagem: `Registro "${id}" não existe no ${layout.documento} ${layout.versao}.` });
    return null;
  }
  if (!reg.depoisDe.includes(anterior)) {
    const esperado = Object.values(layout.registros).filter((r) => r.depoisDe.includes(anterior)).map((r) => r.id);
    erros.push({
      linha: numero,
      campo: 'identificador',
      mensagem: `Registro ${id} fora de ordem: depois ${anterior ? `do ${anterior}` : 'do início do arquivo'} vem ${esperado.join(' ou ') || 'o fim do arquivo'}.`,
    });
  }
  // Trailing filler is often stripped by the sender's system: only the declared fields must be there.
  const fimCampos = Math.max(3, ...reg.campos.map((c) => c.inicio + c.tamanho - 1));
  const exigido = Math.max(3, ...reg.campos.filter((c) => !c.nome.startsWith('chave')).map((c) => c.inicio + c.tamanho - 1));
  if (linha.length < exigido) {
    erros.push({ linha: numero, campo: null, mensagem: `Linha curta: ${linha.length} caracteres; o registro ${id} tem ${layout.tamanho} (campos até a posição ${exigido}).` });
    return null;
  }
  const texto = linha.padEnd(fimCampos, ' ');
  const valores: RegistroEdi['valores'] = {};
  for (const c of reg.campos) {
    const r = lerCampo(c, texto.slice(c.inicio - 1, c.inicio - 1 + c.tamanho));
    if ('erro' in r) erros.push({ linha: numero, campo: c.nome, mensagem: r.erro });
    else valores[c.nome] = r.valor;
  }
  return { linha: numero, id, valores };
}

/**
 * Parses a PROCEDA file. `esperado` (the layout the user chose) must match the file. Never throws: every
 * problem is an error with its line and field; `arquivo` holds what could be read even when there are errors.
 */
export function lerEdi(entrada: Uint8Array | string, esperado?: DocumentoEdi): ResultadoEdi {
  const texto = decodificarEdi(entrada);
  const id = identificarEdi(texto);
  if ('erro' in id) return { ok: false, arquivo: null, erros: [id.erro] };
  const { layout } = id;
  if (esperado && layout.documento !== esperado) {
    return { ok: false, arquivo: null, erros: [{ linha: 2, campo: 'identificador', mensagem: `O arquivo é um ${layout.documento} ${layout.versao}, não um ${esperado}.` }] };
  }
  const erros: ErroEdi[] = [];
  const registros: RegistroEdi[] = [];
  let anterior = '';
  let contados = 0;
  const cont = layout.contagem;
  const linhas = linhasEdi(texto, layout.tamanho);
  for (let i = 0; i < linhas.length && erros.length < MAX_ERROS; i++) {
    if (linhas[i].trim() === '') {
      erros.push({ linha: i + 1, campo: null, mensagem: 'Linha em branco no meio do arquivo.' });
      continue;
    }
    const reg = lerRegistro(layout, linhas[i], i + 1, anterior, erros);
    anterior = linhas[i].slice(0, 3);
    if (reg) registros.push(reg);
    if (cont && anterior === cont.desde) contados = 0;
    if (cont && anterior === cont.conta) contados++;
    if (cont && reg && reg.id === cont.registro && reg.valores[cont.campo] != null && Number(reg.valores[cont.campo]) !== contados) {
      const rotulo = layout.registros[cont.registro].campos.find((c) => c.nome === cont.campo)?.rotulo;
      erros.push({ linha: i + 1, campo: cont.campo, mensagem: `${rotulo} informa ${Number(reg.valores[cont.campo])}, mas o bloco tem ${contados} registro(s) ${cont.conta}.` });
    }
  }
  if (erros.length < MAX_ERROS && !layout.finais.includes(anterior)) {
    erros.push({ linha: linhas.length, campo: null, mensagem: `Arquivo incompleto: termina no registro ${anterior}; o ${layout.documento} termina em ${layout.finais.join(', ')}.` });
  }
  const arquivo: ArquivoEdi = { documento: layout.documento, versao: layout.versao as VersaoEdi, registros };
  return erros.length ? { ok: false, arquivo, erros } : { ok: true, arquivo, erros: [] };
}
