import { Link } from 'react-router';

// The link to a record that already exists (a duplicate CNPJ/CPF): its list with ?abrir=<uid>, which opens
// its form. Shared by the live warning of a document field and the server's 409 on saving.
export const linkAbrirRegistro = (path: string, uid: string) => `${path}?abrir=${encodeURIComponent(uid)}`;

export function AbrirRegistro({ path, registro }: { path: string; registro: { uid: string; nome: string } }) {
  return <Link to={linkAbrirRegistro(path, registro.uid)}>Abrir o cadastro de {registro.nome}</Link>;
}
