import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AddUserRequest, type AddUserRequest as AddUserRequestType } from '@graftmatch/domain';
import Fastify from 'fastify';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { wire } from './wire';

describe('wire-typed schemas', () => {
  test('a request body arrives in the handler typed by the domain, and the schema is the same JSON', async () => {
    const app = Fastify().withTypeProvider<TypeBoxTypeProvider>();
    const Body = wire<AddUserRequestType>(AddUserRequest);
    app.post('/users/add', { schema: { body: Body } }, async (request) => {
      expectTypeOf(request.body).toEqualTypeOf<AddUserRequestType>();
      // @ts-expect-error a field the domain schema does not name is a type error in the handler
      return { name: request.body.fullName };
    });
    expect(JSON.stringify(Body)).toBe(JSON.stringify(AddUserRequest));
    expect(JSON.stringify(wire<{ a: string }>(Type.Object({ a: Type.String() })))).toContain('"a"');
    await app.close();
  });
});
