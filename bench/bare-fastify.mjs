// Baseline for `npm run bench`: the cheapest possible Fastify JSON handler on this machine. With
// BODY_FILE, `/body` answers that JSON (the bench passes a goods detail's body), so a read's ratio
// can be told apart from the cost of its bytes on the wire (serializing, writing, reading them).
import fs from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { code: 200, msg: 'OK', data: { status: 'ok' } };
app.get('/', async () => body);
if (process.env.BODY_FILE) {
  const sized = JSON.parse(fs.readFileSync(process.env.BODY_FILE, 'utf8'));
  app.get('/body', async () => sized);
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
