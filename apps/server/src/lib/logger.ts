/**
 * The one logger: Fastify's pino instance, handed to every part through the context (a part may take a
 * `child` with its name). Nothing in the server writes to the console.
 */
import type { FastifyBaseLogger } from 'fastify';

export type Logger = FastifyBaseLogger;
