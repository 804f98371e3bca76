// Baseline for `npm run bench`: the cheapest possible Fastify JSON handler on this machine.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { code: 200, msg: 'OK', data: { status: 'ok' } };
app.get('/', async () => body);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
