import type { CampoLayout, RegistroLayout } from '../tipos.ts';

// Short constructors so a layout reads like the manual's table: name, label, start column, width.
const mk =
  (tipo: CampoLayout['tipo']) =>
  (nome: string, rotulo: string, inicio: number, tamanho: number, obrigatorio = false): CampoLayout => ({
    nome,
    rotulo,
    inicio,
    tamanho,
    tipo,
    obrigatorio,
  });
export const A = mk('A');
export const N = mk('N');
export const D = (nome: string, rotulo: string, inicio: number, obrigatorio = false) => mk('DATA')(nome, rotulo, inicio, 8, obrigatorio);
export const D6 = (nome: string, rotulo: string, inicio: number, obrigatorio = false) => mk('DATA6')(nome, rotulo, inicio, 6, obrigatorio);
export const H = (nome: string, rotulo: string, inicio: number, obrigatorio = false) => mk('HORA')(nome, rotulo, inicio, 4, obrigatorio);
/** Implied decimals: `V('valor', 'Valor', 86, 15, 2)` is the manual's N13,2. */
export const V = (nome: string, rotulo: string, inicio: number, tamanho: number, decimais: number, obrigatorio = false): CampoLayout => ({
  nome,
  rotulo,
  inicio,
  tamanho,
  tipo: 'V',
  decimais,
  obrigatorio,
});

export const registro = (id: string, nome: string, depoisDe: string[], campos: CampoLayout[]): RegistroLayout => ({ id, nome, depoisDe, campos });

/** The interchange header (000) every PROCEDA file starts with; same columns in every document. */
export const cabecalho000 = () =>
  registro('000', 'Cabeçalho de intercâmbio', [''], [
    // Mandatory in the manuals, blank in a real DOCCOB: optional.
    A('remetente', 'Remetente (caixa postal)', 4, 35),
    A('destinatario', 'Destinatário (caixa postal)', 39, 35),
    D6('data', 'Data do intercâmbio', 74, true),
    H('hora', 'Hora do intercâmbio', 80, true),
    A('intercambio', 'Identificação do intercâmbio', 84, 12, true),
  ]);

/** The document header (340, 540, 310...) right after 000 and after each block's end. */
export const cabecalhoDocumento = (id: string, depoisDe: string[]) =>
  registro(id, 'Cabeçalho de documento', depoisDe, [A('identificacao', 'Identificação do documento', 4, 14, true)]);

/** Repeated groups (the 40 NFs of a CONEMB 322): the same fields, `passo` columns apart, numbered from 1. */
export const repetir = (vezes: number, passo: number, grupo: (i: number, desloc: number) => CampoLayout[]) =>
  Array.from({ length: vezes }, (_, i) => grupo(i + 1, i * passo)).flat();
