import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDateTime, Nullable, RequiredText } from './common';

/** A tissue bank's API key for its own system's imports, as listed: never the key itself. */
export const ApiKey = Type.Object({
  id: Id,
  euteId: Id,
  label: Type.String(),
  keyPrefix: Type.String({ description: 'the first characters of the key, to recognise it' }),
  createdAt: IsoDateTime,
  lastUsedAt: Nullable(IsoDateTime),
  revokedAt: Nullable(IsoDateTime),
});
export type ApiKey = Static<typeof ApiKey>;

/** Body of `POST /admin/eutes/{id}/apikeys`. */
export const CreateApiKeyRequest = Type.Object(
  { label: RequiredText(100, { description: 'what the key is for, e.g. the lab system' }) },
  { additionalProperties: false },
);
export type CreateApiKeyRequest = Static<typeof CreateApiKeyRequest>;

/** Answer of `POST /admin/eutes/{id}/apikeys`: the only time the key is ever shown. */
export const CreateApiKeyResponse = Type.Composite([
  ApiKey,
  Type.Object({ key: Type.String({ description: 'send as Authorization: ApiKey <key>; shown once' }) }),
]);
export type CreateApiKeyResponse = Static<typeof CreateApiKeyResponse>;
