import { setores, zonas } from '../schema/index.ts';
import type { ModuleSeed } from './demo.ts';

// Demo sectors (where goods leave the plant) and delivery zones of Demo Alimentos; one of each for Outro.
export const seedSetores: ModuleSeed = async (tx, ids) => {
  const demo = ids.embarcadores.demo;
  const outro = ids.embarcadores.outro;
  await tx.insert(setores).values([
    { embarcadorUid: demo, codigo: 'EXP-SECOS', nome: 'Expedição de Secos', descricao: 'Docas 1 a 6: mercearia seca, café e grãos' },
    {
      embarcadorUid: demo,
      codigo: 'EXP-REFRIG',
      nome: 'Expedição Refrigerada',
      descricao: 'Docas 7 e 8: laticínios e margarina (0 a 8 °C)',
    },
    { embarcadorUid: demo, codigo: 'RECEB', nome: 'Recebimento de Insumos', descricao: 'Matérias-primas e embalagens' },
    { embarcadorUid: demo, codigo: 'DEVOL', nome: 'Devoluções', descricao: 'Triagem de mercadoria devolvida' },
    { embarcadorUid: demo, codigo: 'ECOM', nome: 'E-commerce', descricao: 'Separação fracionada (desativado)', ativo: false },
    { embarcadorUid: outro, codigo: 'CD-RJ', nome: 'Centro de Distribuição Rio', descricao: 'Armazém da Avenida Brasil' },
  ]);
  await tx.insert(zonas).values([
    {
      embarcadorUid: demo,
      codigo: 'SP-CAP',
      nome: 'São Paulo Capital',
      descricao: 'Município de São Paulo: todas as zonas (restrição de circulação: VUC no centro expandido)',
      uf: 'SP',
    },
    {
      embarcadorUid: demo,
      codigo: 'SP-GDE',
      nome: 'Grande São Paulo',
      descricao: 'Guarulhos, Osasco, ABC, Mogi das Cruzes, Suzano e Embu das Artes',
      uf: 'SP',
    },
    {
      embarcadorUid: demo,
      codigo: 'SP-INT',
      nome: 'Interior Paulista',
      descricao: 'Campinas, Ribeirão Preto, Sorocaba, São José dos Campos e região',
      uf: 'SP',
    },
    {
      embarcadorUid: demo,
      codigo: 'RJ-MET',
      nome: 'Rio Metropolitano',
      descricao: 'Rio de Janeiro, Niterói, Duque de Caxias e Baixada Fluminense',
      uf: 'RJ',
    },
    { embarcadorUid: demo, codigo: 'SUL', nome: 'Região Sul', descricao: 'Capitais e polos de PR, SC e RS' },
    { embarcadorUid: demo, codigo: 'NE', nome: 'Nordeste', descricao: 'Salvador, Recife, Fortaleza e interior (via CD Recife)' },
    { embarcadorUid: outro, codigo: 'RJ-ZS', nome: 'Zona Sul Carioca', descricao: 'Copacabana, Ipanema, Leblon e Botafogo', uf: 'RJ' },
  ]);
};
