import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { useSecretKey } from './secret-box';

/** Pay manners have no calls of their own: this sets the key their secrets are encrypted with. */
export const payMannerRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config }) => {
  const { development } = useSecretKey(config.PAY_SECRET_KEY);
  if (development && config.NODE_ENV !== 'test')
    app.log.warn(
      'PAY_SECRET_KEY is not set: pay manners’ secret keys are encrypted with a development key; set one (openssl rand -hex 32) before taking real keys',
    );
};

export default payMannerRoutes;
