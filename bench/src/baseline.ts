// The baseline: a plain Fastify hello-world on the same machine, measured in the same run.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/', async () => ({ ok: true, data: { hello: 'world' }, err_data: null }));
await app.listen({ port: Number(process.env.PORT ?? 3299), host: '127.0.0.1' });
console.log('ready');
