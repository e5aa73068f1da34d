import { fileURLToPath } from 'node:url';

/** The repository's root folder (with a trailing separator), whatever the working directory. */
export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
