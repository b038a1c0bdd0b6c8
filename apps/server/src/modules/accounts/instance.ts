/** How mails name this Plaza: the product and the address people reach it at. */
import type { Config } from '../../config';
import type { Instance } from '../../mail';

export const instanceOf = (config: Config): Instance => ({ name: 'Plaza', publicUrl: config.publicUrl });
