import { seedConfiguracoes } from './configuracoes.ts';
import type { ModuleSeed } from './demo.ts';
import { seedPessoas } from './pessoas.ts';
import { seedProdutos } from './produtos.ts';
import { seedSetores } from './setores.ts';
import { seedFrota } from './frota.ts';
import { seedFrete } from './frete.ts';
import { seedTabelas } from './tabelas.ts';
import { seedFiscal } from './fiscal.ts';
import { seedNotificacoes } from './notificacoes.ts';
import { seedSolicitacoes } from './solicitacoes.ts';
import { seedPedidos } from './pedidos.ts';
import { seedOrdensColeta } from './ordenscoleta.ts';
import { seedEmbarques } from './embarques.ts';
import { seedRastreio } from './rastreio.ts';
import { seedFaturamento } from './faturamento.ts';

// The demo data of each module, in dependency order. A module adds its seed file here (one line).
export const moduleSeeds: ModuleSeed[] = [seedConfiguracoes, seedPessoas, seedProdutos, seedSetores, seedFrota, seedFrete, seedTabelas, seedFiscal, seedFaturamento, seedNotificacoes, seedSolicitacoes, seedPedidos, seedOrdensColeta, seedEmbarques, seedRastreio];
