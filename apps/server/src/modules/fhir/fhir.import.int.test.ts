import type { ImportResult } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app';
import { createTestUser, loginAs } from '../../../test/support/auth';
import { startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { uploadImport } from '../../../test/support/imports';
import { SYSTEMS } from './fhir.mapping';

// A FHIR R5 Bundle through the graft import (docs/fhir.md "Import"): the bank's own export taken
// back changes nothing, bad products are row errors, and an export imported into an empty
// database exports again as the same products.

type Json = Record<string, unknown>;
interface Bundle {
  resourceType: 'Bundle';
  entry: { fullUrl: string; resource: Json & { resourceType: string; id: string } }[];
}

const R5 = '/api/fhir/R5';

/** JSON with every object's keys sorted, so equal content is equal text. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(canonical);
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .toSorted()
        .map((key) => [key, canonical((value as Json)[key])]),
    );
  }
  return value;
}

/** The Bundle's products as canonical JSON text, by id, without `meta.lastUpdated` (the import's own time). */
function productsOf(bundle: Bundle): Map<string, string> {
  return new Map(
    bundle.entry
      .filter((entry) => entry.resource.resourceType === 'BiologicallyDerivedProduct')
      .map(({ fullUrl, resource }) => {
        const { meta, ...rest } = resource;
        const { lastUpdated: _ignored, ...otherMeta } = meta as Json;
        const kept = Object.keys(otherMeta).length > 0 ? { ...rest, meta: otherMeta } : rest;
        return [resource.id, JSON.stringify(canonical({ fullUrl: new URL(fullUrl).pathname, resource: kept }))];
      }),
  );
}

describe(`importing a FHIR R5 Bundle (${testEngineName()})`, () => {
  let seeded: SeededApp;
  let exported: Bundle;
  let exportText: string;

  beforeAll(async () => {
    seeded = await startSeededApp();
    const answer = await seeded.clients.employeeX.get(`${R5}/$export`);
    expect(answer.status).toBe(200);
    exportText = await answer.text();
    exported = JSON.parse(exportText) as Bundle;
  }, 180_000);
  afterAll(() => seeded.server.close());

  it('takes the bank’s own export back without a change, and logs the resources it skipped', async () => {
    const products = exported.entry.filter((entry) => entry.resource.resourceType === 'BiologicallyDerivedProduct');
    expect(products.length).toBeGreaterThan(10);
    const answer = await uploadImport(seeded.clients.employeeX, exportText, {}, { fileName: 'bank.fhir.json' });
    expect(answer.status).toBe(200);
    const result = (await answer.json()) as ImportResult;
    expect(result.errors).toEqual([]);
    expect(result).toMatchObject({
      importType: 'fhir',
      summary: { rows: products.length, inserted: 0, updated: 0, unchanged: products.length, failed: 0 },
    });
    const others = exported.entry.length - products.length;
    expect(others).toBeGreaterThan(0);
    expect(result.log).toMatch(/Skipped \(not grafts\): \d+ Organization/);
  });

  it('answers each bad product as a row error at its entry’s position, and takes the good ones', async () => {
    const template = exported.entry.find((entry) => entry.resource.resourceType === 'BiologicallyDerivedProduct')!;
    const product = (lot: string, change: (resource: Json) => void) => {
      const resource = structuredClone(template.resource) as unknown as Json & { identifier: Json[] };
      delete resource.id;
      resource.identifier = resource.identifier.filter((identifier) => String(identifier.system).endsWith('/e-lot'));
      resource.identifier[0]!.value = lot;
      delete resource.extension;
      resource.property = (resource.property as Json[]).filter(
        (property) => !JSON.stringify(property).includes('step-') && !JSON.stringify(property).includes('single'),
      );
      change(resource);
      return { resource };
    };
    const bundle = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { resource: { resourceType: 'Organization', id: 'o1', name: 'Somewhere' } },
        product('FHIR-NEW-1', () => undefined),
        product('FHIR-BAD-2', (resource) => {
          resource.productCode = {
            coding: [{ system: 'https://graftmatch.org/fhir/CodeSystem/graft-type', code: 'kidney' }],
          };
        }),
        product('FHIR-BAD-3', (resource) => {
          (resource.property as Json[]).push({
            type: {
              coding: [{ system: 'https://graftmatch.org/fhir/CodeSystem/graft-property', code: 'diameter-proximal' }],
            },
            valueQuantity: { value: 90, unit: 'mm', system: 'http://unitsofmeasure.org', code: 'mm' },
          });
        }),
        { resource: { resourceType: 'Procedure', id: 'p1', status: 'completed' } },
      ],
    };
    const answer = await uploadImport(seeded.clients.employeeX, JSON.stringify(bundle), { dryRun: 'true' });
    const result = (await answer.json()) as ImportResult;
    expect(result.summary).toMatchObject({ rows: 3, inserted: 1, failed: 2 });
    expect(result.errors).toEqual([
      {
        row: 3,
        lot: 'FHIR-BAD-2',
        field: 't_ProdName_2',
        message: `kidney is not a graft type of ${SYSTEMS.graftType} (BiologicallyDerivedProduct.productCode)`,
      },
      { row: 4, lot: 'FHIR-BAD-3', field: 't_Dproximal', message: 'must be between 5 and 50 mm' },
    ]);
    expect(result.log).toContain('Skipped (not grafts): 1 Organization, 1 Procedure.');
    const notBundle = await uploadImport(seeded.clients.employeeX, '{"resourceType":"Patient"}');
    expect(notBundle.status).toBe(400);
  });

  describe('round trip into an empty database', () => {
    let empty: TestApp;
    beforeAll(async () => {
      empty = await startTestApp();
    }, 60_000);
    afterAll(() => empty?.close());

    it('export → import → export gives the same products, apart from meta.lastUpdated', async () => {
      // The same bank and clinics (organisations are not imported: docs/fhir.md "Import"); no grafts.
      const source = seeded.server.database.db;
      const bank = await source
        .selectFrom('eutes')
        .selectAll()
        .where('id', '=', seeded.ids.euteX)
        .executeTakeFirstOrThrow();
      await empty.database.db.insertInto('eutes').values(bank).execute();
      await empty.database.db
        .insertInto('clinics')
        .values(await source.selectFrom('clinics').selectAll().execute())
        .execute();
      const employee = await createTestUser(empty, { euteIds: [bank.id] });
      const client = await loginAs(empty, employee.email);

      const answer = await uploadImport(client, exportText, {}, { fileName: 'bank.fhir.json' });
      const result = (await answer.json()) as ImportResult;
      expect(result.errors).toEqual([]);
      const before = productsOf(exported);
      // The demo bank has assigned grafts: their clinic travels as our extension and must come back.
      expect(exportText).toContain('StructureDefinition/graft-clinic');
      expect(result.summary).toMatchObject({ inserted: before.size, failed: 0 });

      const again = await client.get(`${R5}/$export`);
      expect(again.status).toBe(200);
      const after = productsOf((await again.json()) as Bundle);
      expect([...after.keys()].toSorted()).toEqual([...before.keys()].toSorted());
      for (const [id, product] of before) {
        expect(after.get(id), id).toBe(product);
      }
    });
  });
});
