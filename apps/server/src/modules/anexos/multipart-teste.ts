import type { FastifyInstance } from 'fastify';

// Test helper (not a route): a multipart/form-data request with one file (field `file`) and text fields.
export function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = '----fretio-frete-boundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST a multipart body as the signed-in cookie; JSON reply parsed. */
export async function enviar(
  app: FastifyInstance,
  cookie: string,
  url: string,
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
) {
  const m = multipart(fields, file);
  const res = await app.inject({ method: 'POST', url, payload: m.payload, headers: { ...m.headers, cookie } });
  let body: any = res.body;
  try {
    body = res.json();
  } catch {
    /* not JSON */
  }
  return { status: res.statusCode, body, text: res.body };
}
