import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RenderRequest } from '@melon/shared/client/transport';

const webRoot = fileURLToPath(new URL('../../../../web/', import.meta.url));

export interface WebBuild {
  render: RenderRequest;
  clientDir: string;
}

/**
 * The built web app (`npm run build`), or undefined when it has not been built. The build is a
 * production build, and React chooses its own build by NODE_ENV when first loaded: unset, it
 * rendered every page with its development build, two to three times the CPU (decision 054).
 * So an unset NODE_ENV means production here; one the operator set is kept.
 */
export async function loadWebBuild(root = webRoot): Promise<WebBuild | undefined> {
  const serverEntry = path.join(root, 'build/server/index.js');
  if (!existsSync(serverEntry)) return undefined;
  if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';
  const module = (await import(serverEntry)) as { renderRequest: RenderRequest };
  return { render: module.renderRequest, clientDir: path.join(root, 'build/client') };
}
