import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MessageProvider } from './message-provider.ts';
import { createOutboxProvider, outboxDir } from './outbox-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends text messages and emails (verification codes). */
    messages: MessageProvider;
  }
}

/** The message provider of the app; without a real gateway configured, the outbox. */
export default fp(
  (app: FastifyInstance, options: { dataDir: string }) => {
    app.log.warn(
      `no SMS or email provider is configured: messages are written to ${outboxDir(options.dataDir)}`,
    );
    app.decorate('messages', createOutboxProvider(options.dataDir));
  },
  { name: 'notify' },
);
