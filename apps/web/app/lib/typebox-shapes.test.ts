import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { fieldNames, type CallDeclaration } from '@melon/shared/calls/call';

/*
 * The client build resolves `typebox` to typebox-shapes.ts. Every call of the registry, loaded
 * once with TypeBox and once with the stand-in, must give the browser the same request shape:
 * the same path, query and body fields, and a body exactly when TypeBox's has one.
 */

const callsDir = fileURLToPath(new URL('../../../../packages/shared/src/calls/', import.meta.url));
const callFiles = readdirSync(callsDir).filter((file) => file.endsWith('.calls.ts'));

interface RequestShape {
  params: string[];
  query: string[];
  body: string[];
  hasBody: boolean;
}

/** The request shape of every call, and how many schemas TypeBox built (its `~kind` key). */
async function requestShapes() {
  const shapes: Record<string, RequestShape> = {};
  let typeboxSchemas = 0;
  for (const file of callFiles) {
    const module = (await import(`${callsDir}${file}`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (typeof value !== 'object' || value === null || !('path' in value)) continue;
      const call = value as CallDeclaration;
      // Every call has a query or a response (the XML export has no envelope to describe).
      const schema = (call as Partial<CallDeclaration>).response ?? call.query ?? {};
      if (Object.hasOwn(schema, '~kind')) typeboxSchemas += 1;
      shapes[`${file}:${name}`] = {
        params: fieldNames(call.params),
        query: fieldNames(call.query),
        body: fieldNames(call.body),
        hasBody: call.body !== undefined,
      };
    }
  }
  return { shapes, typeboxSchemas };
}

describe('the browser’s TypeBox stand-in', () => {
  it('gives every call the fields TypeBox gives it', async () => {
    const real = await requestShapes();
    vi.resetModules();
    vi.doMock('typebox', () => import('./typebox-shapes.ts'));
    const standIn = await requestShapes();
    vi.doUnmock('typebox');
    expect(Object.keys(real.shapes).length).toBeGreaterThan(80);
    expect(real.typeboxSchemas).toBe(Object.keys(real.shapes).length);
    expect(standIn.typeboxSchemas).toBe(0);
    expect(standIn.shapes).toEqual(real.shapes);
  });
});
