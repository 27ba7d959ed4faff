import { describe, expect, it } from 'vitest';
import { type CteLida, type EventoLido, type NfeLida, dvChave, lerArquivoCte, lerArquivoNfe, lerDocumentoFiscal, problemasDaChave } from './index.ts';
import { cteXml, eventoCancelamentoXml, montarChave, nfeXml } from './fixtures.ts';

// Our own documents: hostile XML, odd real-world shapes, key checks, events.

describe('chave de acesso', () => {
  it('dígito verificador módulo 11 (chave real autorizada)', () => {
    expect(dvChave('3521025871652300011955000000057366134631784')).toBe(7);
  });
  it('aponta cada divergência', () => {
    const chave = montarChave({ documento: '11222333000181', modelo: 55, serie: 1, numero: 10 });
    expect(problemasDaChave(chave, { documentoEmitente: '11222333000181', modelo: 55, serie: 1, numero: 10 })).toEqual([]);
    expect(problemasDaChave(chave, { documentoEmitente: '99888777000166', modelo: 65, serie: 2, numero: 11 })).toEqual([
      'o CNPJ/CPF da chave de acesso difere do emitente',
      'o modelo da chave de acesso difere do documento',
      'a série da chave de acesso difere do documento',
      'o número da chave de acesso difere do documento',
    ]);
    const trocada = `${chave.slice(0, 43)}${(Number(chave[43]) + 1) % 10}`;
    expect(problemasDaChave(trocada, { documentoEmitente: null, modelo: null, serie: null, numero: null })).toEqual(['dígito verificador da chave de acesso não confere']);
    expect(problemasDaChave('123', { documentoEmitente: null, modelo: null, serie: null, numero: null })[0]).toMatch('não tem 44 dígitos');
  });
});

describe('XML hostil ou malformado', () => {
  const recusa = (xml: string, msg: string) => expect(() => lerDocumentoFiscal(xml)).toThrow(msg);
  it('DOCTYPE, entidade externa e billion laughs são recusados antes de ler', () => {
    recusa('<?xml version="1.0"?><!DOCTYPE NFe [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><NFe>&xxe;</NFe>', 'DOCTYPE');
    const lol = `<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]><lolz>&lol9;</lolz>`;
    recusa(lol, 'DOCTYPE');
    recusa('<NFe><x>&naoDeclarada;</x></NFe>', 'entidade não declarada');
  });
  it('malformado, vazio, não XML e raiz desconhecida', () => {
    recusa('<nfeProc><NFe></nfeProc>', 'XML malformado');
    recusa('isto não é xml', 'não é um XML');
    recusa('<?xml version="1.0"?><pedido><x>1</x></pedido>', 'não é uma NF-e, um CT-e');
  });
  it('CT-e de layout antigo é recusado com a versão', () => {
    recusa(cteXml({ versao: '1.04' }).xml, 'layout do CT-e não suportado: versão 1.04');
  });
  it('NF-e importada como CT-e (e vice-versa) explica o engano', () => {
    expect(() => lerArquivoCte(nfeXml().xml)).toThrow('o arquivo é uma NF-e');
    expect(() => lerArquivoNfe(cteXml().xml)).toThrow('o arquivo é um CT-e');
  });
});

describe('NF-e: formas encontradas no mundo', () => {
  it('qualquer prefixo de namespace, sem nfeProc, modelo 65', () => {
    const { chave, xml } = nfeXml({ prefixo: 'nfe', modelo: 65, semProc: true });
    const n = lerDocumentoFiscal(xml) as NfeLida;
    expect(n).toMatchObject({ chave, modelo: 65, protocolo: null, chaveValida: true, volumes: '2', pesoBruto: '10.5' });
    expect(n.destinatario?.nome).toBe('CLIENTE TESTE & CIA');
  });
  it('volumes somados; sem grupo vol → null e aviso', () => {
    const n = lerDocumentoFiscal(nfeXml({ volumes: [{ qVol: '2', pesoB: '10.5' }, { qVol: '3', pesoB: '4.25', pesoL: '4' }] }).xml) as NfeLida;
    expect(n).toMatchObject({ volumes: '5', pesoBruto: '14.75', pesoLiquido: '4' });
    const sem = lerDocumentoFiscal(nfeXml({ volumes: [] }).xml) as NfeLida;
    expect(sem).toMatchObject({ volumes: null, pesoBruto: null, pesoLiquido: null });
    expect(sem.avisos).toContain('NF-e sem o grupo de volumes (vol)');
  });
  it('CPF de 12 dígitos e destinatário estrangeiro ficam como estão, com aviso', () => {
    const cpf = lerDocumentoFiscal(nfeXml({ destinatarioXml: '<dest><CPF>123456789012</CPF><xNome>FULANO</xNome><enderDest><UF>SP</UF></enderDest></dest>' }).xml) as NfeLida;
    expect(cpf.destinatario?.documento).toBe('123456789012');
    expect(cpf.avisos).toContain('CPF do destinatário com 12 dígitos');
    const ext = lerDocumentoFiscal(nfeXml({ destinatarioXml: '<dest><idEstrangeiro>AR778899</idEstrangeiro><xNome>IMPORTADORA SA</xNome><enderDest><cMun>9999999</cMun><UF>EX</UF></enderDest></dest>' }).xml) as NfeLida;
    expect(ext.destinatario).toMatchObject({ documento: null, idEstrangeiro: 'AR778899', uf: 'EX' });
    expect(ext.avisos.some((a) => a.includes('estrangeiro'))).toBe(true);
  });
  it('evento de cancelamento avulso (procEventoNFe 110111)', () => {
    const { chave } = nfeXml();
    const e = lerDocumentoFiscal(eventoCancelamentoXml(chave)) as EventoLido;
    expect(e).toMatchObject({ tipo: 'evento', documento: 'nfe', chave, tipoEvento: '110111', registrado: true, protocolo: '135250000099999' });
    const semRet = lerDocumentoFiscal(eventoCancelamentoXml(chave, 'nfe', false)) as EventoLido;
    expect(semRet.registrado).toBe(false);
  });
});

describe('CT-e', () => {
  it('PESO BRUTO em kg preferido a outra medida em kg; tomador resolvido', () => {
    const nf = nfeXml().chave;
    const c = lerDocumentoFiscal(cteXml({ nfes: [nf], tomador: 3 }).xml) as CteLida;
    expect(c).toMatchObject({ pesoCarga: '120.5000', nfes: [nf], tomador: { documento: '44555666000100', tipo: 3 }, chaveValida: true, protocolo: '135250000077001' });
  });
  it('infQ: peso cubado e peso base de cálculo lidos à parte do peso real; zero é ausente; TON vira kg', () => {
    const padrao = lerDocumentoFiscal(cteXml().xml) as CteLida;
    expect(padrao).toMatchObject({ pesoCarga: '120.5000', pesoCubado: '150.0000', pesoBaseCalculo: null });
    // the cubed weight first in the list never passes for the real weight; PESO AFERIDO is a real weight
    const c = lerDocumentoFiscal(cteXml({ infQ: [['01', 'PESO CUBADO', '480.0000'], ['01', 'PESO AFERIDO', '352.5000'], ['01', 'PESO BASE DE CALCULO', '480.0000'], ['03', 'VOLUMES', '12']] }).xml) as CteLida;
    expect(c).toMatchObject({ pesoCarga: '352.5000', pesoCubado: '480.0000', pesoBaseCalculo: '480.0000' });
    expect(c.quantidades).toEqual([
      { unidade: '01', tipo: 'PESO CUBADO', quantidade: '480.0000' }, { unidade: '01', tipo: 'PESO AFERIDO', quantidade: '352.5000' },
      { unidade: '01', tipo: 'PESO BASE DE CALCULO', quantidade: '480.0000' }, { unidade: '03', tipo: 'VOLUMES', quantidade: '12' },
    ]);
    const t = lerDocumentoFiscal(cteXml({ infQ: [['01', 'PESO BRUTO', '900'], ['02', 'PESO CUBADO', '1.2'], ['01', 'PESO TAXADO', '0.0000']] }).xml) as CteLida;
    expect(t).toMatchObject({ pesoCarga: '900', pesoCubado: '1200', pesoBaseCalculo: null });
    const m3 = lerDocumentoFiscal(cteXml({ infQ: [['01', 'PESO BRUTO', '90'], ['00', 'PESO CUBADO', '130']] }).xml) as CteLida;
    expect(m3.pesoCubado).toBe('130');
    expect(m3.avisos).toContain('quantidade "PESO CUBADO" informada com a unidade 00 em vez de 01 (kg); considerada em kg');
  });
  it('complementar aponta o CT-e original', () => {
    const orig = cteXml().chave;
    const c = lerDocumentoFiscal(cteXml({ numero: 2, tipoCte: 1, chaveOriginal: orig }).xml) as CteLida;
    expect(c).toMatchObject({ tipoCte: 1, chaveOriginal: orig });
  });
  it('evento de cancelamento avulso (procEventoCTe)', () => {
    const { chave } = cteXml();
    expect(lerDocumentoFiscal(eventoCancelamentoXml(chave, 'cte'))).toMatchObject({ documento: 'cte', chave, registrado: true });
  });
});
