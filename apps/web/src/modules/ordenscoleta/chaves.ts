// The queries a command on a pickup order changes (the order, its items and its timeline).
export const CHAVES_ORDEM = ['ordenscoleta', 'ordenscoleta-produtos', 'ordenscoleta-nfes', 'ordenscoleta-historico'];
