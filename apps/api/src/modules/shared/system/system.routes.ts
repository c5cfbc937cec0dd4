import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { health } from '@zabuni/contracts';
import type { SystemService } from './system.service.ts';

export const systemRoutes =
  ({ system }: { system: SystemService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        logLevel: 'warn',
        schema: {
          tags: ['System'],
          summary: 'Liveness and database check (200 when the database answers, 503 otherwise)',
          response: { 200: health, 503: health },
        },
      },
      async (_request, reply) => {
        const result = await system.health();
        return reply.code(result.status === 'ok' ? 200 : 503).send(result);
      },
    );
  };
