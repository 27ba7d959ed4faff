import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  cobrancasDoccob, conhecimentosConemb, escreverEdi, escreverNotfis31, itensEdi, lerEdi, notasNotfis, ocorrenciasOcoren, LAYOUTS, type RegistroEdi,
} from './index.ts';

// Real PROCEDA files (shared/data/edi, see SOURCES.md): every value below was read by hand from the file.
const PASTA = resolve(__dirname, '../../../../../shared/data/edi');
const amostra = (nome: string) => {
  if (!existsSync(PASTA)) throw new Error(`Amostras EDI ausentes: ${PASTA} (../shared/data)`);
  return readFileSync(resolve(PASTA, nome));
};
const ler = (nome: string) => {
  const r = lerEdi(amostra(nome));
  expect(r.erros).toEqual([]);
  return r.arquivo as NonNullable<typeof r.arquivo>;
};
const doTipo = (regs: RegistroEdi[], id: string) => regs.filter((r) => r.id === id);
const soma = (regs: RegistroEdi[], campo: string) => regs.reduce((s, r) => s.plus(r.valores[campo] ?? 0), new Decimal(0)).toFixed(2);

describe('amostras reais', () => {
  it('OCOREN 3.1 (BRASPRESS): one occurrence 01 on NF 23/40935 at 28/02/2020 12:00, UTF-8 header', () => {
    const arq = ler('luanfreitasdev__OCORREN020320082635.880.TXT');
    expect([arq.documento, arq.versao]).toEqual(['OCOREN', '3.1']);
    expect(arq.registros[0].valores).toMatchObject({
      remetente: 'BRASPRESS',
      destinatario: 'SND DISTRIBUIÇÃO DE PRODUTOS DE INF',
      data: '2020-03-02',
      hora: '08:26',
      intercambio: 'OCO020308261',
    });
    expect(ocorrenciasOcoren(arq)).toEqual([
      {
        linha: 4,
        cnpjTransportadora: '48740351001641',
        nomeTransportadora: 'BRASPRESS TRANSPORTES URGENTES LTDA',
        cnpjEmissorNf: '02101894001880',
        serieNf: '23',
        numeroNf: '40935',
        codigo: '01',
        data: '2020-02-28',
        hora: '12:00',
        codigoObservacao: '00',
        texto: null,
      },
    ]);
  });

  it('CONEMB 3.0 (DLB -> GRENDENE): 21 CT records whose freight adds up to the 323 total', () => {
    const arq = ler('viniciuslpi__CONEMB.txt');
    expect([arq.documento, arq.versao]).toEqual(['CONEMB', '3.0']);
    const cts = doTipo(arq.registros, '322');
    expect(cts).toHaveLength(21);
    expect(cts[0].valores).toMatchObject({
      filial: 'DLF', serie: '0', numero: '89135', emissao: '2023-10-11', condicaoFrete: 'C', peso: '30.00', valorFrete: '24.62',
      fretePeso: '6.62', freteValor: '18.00', valorIcms: '0.00', cnpjEmissor: '18484199000136', cnpjEmbarcadora: '89850341001212',
      serieNf1: '11', numeroNf1: '00381419', numeroNf2: '00000000', acao: 'I', tipoConhecimento: 'N', cfop: '5352',
    });
    expect(cts[20].valores).toMatchObject({ numero: '89397', emissao: '2023-10-12', valorFrete: '0.52' });
    expect(doTipo(arq.registros, '323')[0].valores).toEqual({ quantidade: '0021', valorTotal: '700.90' });
    expect(soma(cts, 'valorFrete')).toBe('700.90');
    expect(itensEdi(arq)[0].descricao).toBe('CT 0/89135 de 2023-10-11, frete R$ 24.62');
  });

  it('DOCCOB 3.0 (Steel Log): charge 232366 of R$ 22.813,04, CT-e 048488 with its key (214-column 353), NF 22419', () => {
    const arq = ler('felipekarah__DOCCOB30_steellog.txt');
    expect([arq.documento, arq.versao]).toEqual(['DOCCOB', '3.0']);
    expect(doTipo(arq.registros, '352')[0].valores).toMatchObject({
      filial: '0000000209', numero: '0000232366', emissao: '2021-06-16', vencimento: '2021-07-01', valor: '22813.04',
      tipoCobranca: 'BCO', valorIcms: '2737.57', agente: 'Banco Itau Steel', acao: 'I',
    });
    expect(doTipo(arq.registros, '353')[0].valores).toMatchObject({
      serie: '4', numero: '048488', valorFrete: '2752.98', emissao: '2021-06-09', cnpjRemetente: '17433866000199',
      cnpjDestinatario: '49795800001883', cnpjEmissor: '12260426000830', chaveCte: '33210612260426000830570040000484881903918263',
    });
    expect(doTipo(arq.registros, '354')[0].valores).toMatchObject({
      serieNf: '1', numeroNf: '00022419', emissaoNf: '2021-06-09', pesoNf: '30500.00', valorMercadoria: '289750.00', cnpjEmissorNf: '17433866000199',
    });
  });

  it('NOTFIS 3.1 (UTF-8, no final newline): 43 NFs whose value, weight and volumes add up to the 318 totals', () => {
    const arq = ler('marceloluk__NOTFIS31_redacted.txt');
    expect([arq.documento, arq.versao]).toEqual(['NOTFIS', '3.1']);
    expect(arq.registros[2].valores).toMatchObject({
      cnpj: '15427207000203', cidade: 'EMBU DAS ARTES', uf: 'SP', dataEmbarque: '2016-08-12', razaoSocial: 'INFRACOMMERCE NEGÓCIOS E SOLUÇÕES LTDA',
    });
    const nfs = doTipo(arq.registros, '313');
    expect(nfs).toHaveLength(43);
    expect(nfs[0].valores).toMatchObject({
      condicaoFrete: 'C', serie: '20', numero: '00016437', emissao: '2016-08-11', volumes: '1.00', valorTotal: '62.35', peso: '0.54',
      tipoIcms: 'S', valorFrete: '7.35', acao: 'I',
    });
    expect(doTipo(arq.registros, '333')[0].valores).toMatchObject({ cfop: '5102', freteDiferenciado: 'N', tabelaFrete: 'DANONE - F' });
    expect(doTipo(arq.registros, '317')[0].valores).toMatchObject({ razaoSocial: 'TRANSPORTES FLAYDEL LTDA', cnpj: '00300907000176', cep: '05075030' });
    const total = doTipo(arq.registros, '318')[0].valores;
    expect(total).toMatchObject({ valorTotal: '22081.14', pesoTotal: '321.00', volumesTotal: '50.00' });
    expect([soma(nfs, 'valorTotal'), soma(nfs, 'peso'), soma(nfs, 'volumes')]).toEqual(['22081.14', '321.00', '50.00']);
  });
});

describe('writer → parser', () => {
  it.each([
    ['luanfreitasdev__OCORREN020320082635.880.TXT'],
    ['viniciuslpi__CONEMB.txt'],
    ['felipekarah__DOCCOB30_steellog.txt'],
    ['marceloluk__NOTFIS31_redacted.txt'],
  ])('%s: every record written back reads with the same values, each line at the layout width', (nome) => {
    const arq = ler(nome);
    const layout = LAYOUTS[`${arq.documento} ${arq.versao}`];
    const escrito = escreverEdi(layout, arq.registros);
    if (!escrito.ok) throw new Error(JSON.stringify(escrito.erros));
    const linhas = escrito.texto.split('\r\n').filter(Boolean);
    expect(new Set(linhas.map((l) => l.length))).toEqual(new Set([layout.tamanho]));
    const relido = lerEdi(escrito.texto);
    expect(relido.erros).toEqual([]);
    expect(relido.arquivo?.registros.map((r) => r.valores)).toEqual(arq.registros.map((r) => r.valores));
  });

  it('OCOREN 5.0 written from values reads back the same (3-digit code, 9-digit NF, reason record, trailer)', () => {
    const regs = [
      { id: '000', valores: { remetente: 'TRANSP', destinatario: 'EMBARC', data: '2025-11-20', hora: '10:30', intercambio: 'OCO50201130' } },
      { id: '540', valores: { identificacao: 'OCORR50201130' } },
      { id: '541', valores: { cnpjTransportadora: '48740351001641', razaoSocial: 'Transportes Ação Ltda' } },
      {
        id: '542',
        valores: { cnpjEmissorNf: '02101894001880', serieNf: '1', numeroNf: '123456789', codigoOcorrencia: '105', dataOcorrencia: '2025-11-19', horaOcorrencia: '17:45', numeroConhecimento: '000000004321' },
      },
      { id: '543', valores: { texto1: 'Cliente ausente', texto2: 'Nova tentativa amanhã' } },
      { id: '549', valores: { quantidade: '0001' } },
    ];
    const escrito = escreverEdi(LAYOUTS['OCOREN 5.0'], regs);
    if (!escrito.ok) throw new Error(JSON.stringify(escrito.erros));
    const r = lerEdi(escrito.texto, 'OCOREN');
    expect(r.erros).toEqual([]);
    expect(ocorrenciasOcoren(r.arquivo!)).toEqual([
      {
        linha: 4, cnpjTransportadora: '48740351001641', nomeTransportadora: 'Transportes Ação Ltda', cnpjEmissorNf: '02101894001880',
        serieNf: '1', numeroNf: '123456789', codigo: '105', data: '2025-11-19', hora: '17:45', codigoObservacao: null,
        texto: 'Cliente ausente Nova tentativa amanhã',
      },
    ]);
  });

  it('refuses to write what does not fit: a number too long, a bad date, a record out of order', () => {
    const r = escreverEdi(LAYOUTS['OCOREN 3.1'], [
      { id: '000', valores: { remetente: 'A', data: '2025-02-30', hora: '10:00', intercambio: 'X' } },
      { id: '341', valores: { cnpjTransportadora: '123456789012345' } },
    ]);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.erros.map((e) => [e.linha, e.campo])).toEqual([
      [1, 'data'],
      [2, 'identificador'],
      [2, 'cnpjTransportadora'],
      [2, null],
    ]);
  });
});

describe('arquivos malformados: line and field, never a crash', () => {
  const ocoren = () => amostra('luanfreitasdev__OCORREN020320082635.880.TXT').toString('utf8').split('\n');
  const erros = (texto: string, esperado?: 'OCOREN' | 'CONEMB') => {
    const r = lerEdi(texto, esperado);
    expect(r.ok).toBe(false);
    return r.erros;
  };

  it('a short line names its line and lengths', () => {
    const l = ocoren();
    l[3] = l[3].slice(0, 60);
    expect(erros(l.join('\n'))).toEqual([{ linha: 4, campo: null, mensagem: 'Linha curta: 60 caracteres; o registro 342 tem 120 (campos até a posição 114).' }]);
  });

  it('a field shifted by one column fails on the numeric and date fields it lands on', () => {
    const l = ocoren();
    l[3] = `342 ${l[3].slice(3, 119)}`;
    const e = erros(l.join('\n'));
    expect(e.every((x) => x.linha === 4)).toBe(true);
    expect(e.map((x) => x.campo)).toEqual(expect.arrayContaining(['cnpjEmissorNf', 'dataOcorrencia']));
    expect(e.find((x) => x.campo === 'cnpjEmissorNf')?.mensagem).toBe('CNPJ do emissor da NF (posições 4-17) deve ser numérico: " 0210189400188".');
  });

  it('an impossible date or hour is refused with the expected format', () => {
    const l = ocoren();
    l[3] = `${l[3].slice(0, 30)}30022020${l[3].slice(38, 38)}2561${l[3].slice(42)}`;
    expect(erros(l.join('\n'))).toEqual([
      { linha: 4, campo: 'dataOcorrencia', mensagem: 'Data da ocorrência (posições 31-38) não é uma data válida (DDMMAAAA): "30022020".' },
      { linha: 4, campo: 'horaOcorrencia', mensagem: 'Hora da ocorrência (posições 39-42) não é uma hora válida (HHMM): "2561".' },
    ]);
  });

  it('records out of order, an unknown record and a file cut before its occurrences', () => {
    const l = ocoren();
    expect(erros([l[0], l[2], l[1], l[3]].join('\n'))[0]).toEqual({
      linha: 2, campo: 'identificador', mensagem: 'Registro 341 fora de ordem: depois do 000 vem 340.',
    });
    expect(erros([l[0], l[1], l[2], `399${l[3].slice(3)}`].join('\n'))).toEqual([
      { linha: 4, campo: 'identificador', mensagem: 'Registro "399" não existe no OCOREN 3.1.' },
      { linha: 4, campo: null, mensagem: 'Arquivo incompleto: termina no registro 399; o OCOREN termina em 342, 343.' },
    ]);
    expect(erros([l[0], l[1], l[2]].join('\n'))).toEqual([
      { linha: 3, campo: null, mensagem: 'Arquivo incompleto: termina no registro 341; o OCOREN termina em 342, 343.' },
    ]);
  });

  it('a missing mandatory field, the wrong document, garbage and an empty file', () => {
    const l = ocoren();
    l[3] = `${l[3].slice(0, 28)}  ${l[3].slice(30)}`;
    expect(erros(l.join('\n'))).toEqual([{ linha: 4, campo: 'codigoOcorrencia', mensagem: 'Código da ocorrência (posições 29-30) é obrigatório.' }]);
    expect(erros(ocoren().join('\n'), 'CONEMB')).toEqual([{ linha: 2, campo: 'identificador', mensagem: 'O arquivo é um OCOREN 3.1, não um CONEMB.' }]);
    expect(erros('%PDF-1.4\n\u0000\u0001binário')[0]).toMatchObject({ linha: 1, campo: 'identificador' });
    expect(erros('')).toEqual([{ linha: 1, campo: null, mensagem: 'Arquivo vazio.' }]);
    expect(erros(`000${' '.repeat(117)}\n520CONHE`)[0].mensagem).toBe('Leiaute CONEMB 5.0 não suportado: envie o arquivo na versão 3.x.');
  });

  it('a trailer whose count disagrees with its block says lines were lost', () => {
    const linhas = amostra('viniciuslpi__CONEMB.txt').toString('latin1').split('\r\n');
    const semUma = [...linhas.slice(0, 5), ...linhas.slice(6)].join('\r\n');
    expect(erros(semUma)).toEqual([
      { linha: 24, campo: 'quantidade', mensagem: 'Quantidade de conhecimentos informa 21, mas o bloco tem 20 registro(s) 322.' },
    ]);
  });

  it('reads a Latin-1 file and a file written without line breaks', () => {
    const texto = ocoren().join('\n');
    const latin1 = Buffer.from(texto, 'latin1');
    expect(lerEdi(latin1).arquivo?.registros[0].valores.destinatario).toBe('SND DISTRIBUIÇÃO DE PRODUTOS DE INF');
    const corrido = ocoren().filter(Boolean).map((x) => x.padEnd(120, ' ')).join('');
    const r = lerEdi(corrido);
    expect(r.erros).toEqual([]);
    expect(r.arquivo?.registros.map((x) => x.id)).toEqual(['000', '340', '341', '342']);
  });
});

describe('records for the importers and the NOTFIS export', () => {
  it('CONEMB: the first CT of the real file (DLB → GRENDENE), its NF and freight parts', () => {
    const [c] = conhecimentosConemb(ler('viniciuslpi__CONEMB.txt'));
    expect(c).toMatchObject({
      linha: 4, cnpjTransportadora: '18484199000136', cnpjEmissor: '18484199000136', cnpjEmbarcadora: '89850341001212', serie: 0, numero: 89135,
      emissao: '2023-10-11', valorFrete: '24.62', peso: '30.00', notas: [{ serie: '11', numero: '381419' }], cfop: '5352', acao: 'I',
    });
  });

  it('DOCCOB: the real charge with its CT-e key', () => {
    const [c] = cobrancasDoccob(ler('felipekarah__DOCCOB30_steellog.txt'));
    expect(c).toMatchObject({ linha: 4, cnpjTransportadora: '12260426000325', numero: '232366', vencimento: '2021-07-01', valor: '22813.04' });
    expect(c.conhecimentos[0]).toMatchObject({ linha: 5, chave: '33210612260426000830570040000484881903918263' });
  });

  it('NOTFIS 3.1 written for two notes of one issuer reads back the same, with the totals', () => {
    const nota = (numero: number, valor: string) => ({
      emitente: { documento: '11222333000181', nome: 'EMITENTE', uf: 'SP', cidade: 'Sao Paulo' },
      destinatario: { documento: '12345678909', nome: 'CLIENTE PF', uf: 'RJ', cidade: 'Rio de Janeiro', municipioIbge: '3304557' },
      serie: 1, numero, emissao: '2025-01-10', modalidadeFrete: 1, valorTotal: valor, pesoBruto: '10.5', volumes: '2',
    });
    const r = escreverNotfis31({ remetente: 'DEMO', destinatario: 'RAPIDO SUL', data: '2025-01-12', hora: '08:05' }, [nota(1, '100.00'), nota(2, '50.25')]);
    if (!r.ok) throw new Error(JSON.stringify(r.erros));
    const lido = lerEdi(r.texto, 'NOTFIS');
    expect(lido.erros).toEqual([]);
    expect(lido.arquivo?.registros.map((x) => x.id)).toEqual(['000', '310', '311', '312', '313', '313', '318']);
    expect(notasNotfis(lido.arquivo as NonNullable<typeof lido.arquivo>).map((n) => [n.destinatario.documento, n.numero, n.valorTotal, n.peso])).toEqual([
      ['12345678909', '1', '100.00', '10.50'],
      ['12345678909', '2', '50.25', '10.50'],
    ]);
    expect(lido.arquivo?.registros[4].valores.condicaoFrete).toBe('F');
    expect(lido.arquivo?.registros[6].valores).toMatchObject({ valorTotal: '150.25', pesoTotal: '21.00', volumesTotal: '4.00' });
  });
});
