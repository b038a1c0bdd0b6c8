import { LIMITS } from '@plaza/contract';
/** How the Fastify instance is made: its logger, request ids, proxies, timeouts and body limit (app.ts). */
import { LogController, type FastifyError, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { BuildOptions } from './app';
import { redactingChildLogger } from './observability/log-redaction';
import { requestId, requestIdMixin } from './observability/request-context';
import { serverTimeoutOptions } from './security/http-timeouts';
import { fastifyTrustProxy } from './security/trust-proxy';

export function fastifyOptions(config: Config, opts: BuildOptions) {
  return {
    ...(opts.loggerInstance
      ? { loggerInstance: opts.loggerInstance }
      : {
          logger:
            opts.logger === false
              ? false
              : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'], mixin: requestIdMixin },
        }),
    genReqId: requestId,
    // One line per request instead of two, as many as LOG_REQUESTS asks for (observability/access-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: redactingChildLogger,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ...serverTimeoutOptions(config.timeouts),
    bodyLimit: 1024 * 1024,
    // A path may name someone on another server by their handle (name@host), longer than Fastify's 100.
    routerOptions: { maxParamLength: LIMITS.handle.max },
    // What the router refuses before any route (a path part too long, a malformed address) gets the one envelope too.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply.status(tooLong ? 414 : 400).send({
        success: false,
        error: tooLong ? 'URI Too Long' : 'Bad Request',
        message: tooLong ? 'This address is too long.' : 'This address is malformed.',
      });
    },
    forceCloseConnections: 'idle' as const,
  } satisfies FastifyServerOptions;
}
