import { afterAll, describe, expect, it } from 'vitest';
import { closeFhirValidator, validateFhir } from '../../../test/support/fhir-validator';

// The validator the FHIR tests rely on finds what is wrong: schema, invariant and binding errors.
describe('the offline R5 validator', () => {
  afterAll(() => closeFhirValidator());

  it('passes a valid collection Bundle', async () => {
    const bundle = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        {
          fullUrl: 'urn:uuid:0b7c5a2e-1d2f-4a34-9d4c-1d2e3f4a5b6c',
          resource: { resourceType: 'Organization', id: 'o1', name: 'Bank' },
        },
      ],
    };
    expect(await validateFhir(bundle)).toEqual([]);
  });

  it('finds a schema error, a broken invariant and a code outside a required value set', async () => {
    const problems = await validateFhir({
      resourceType: 'Bundle',
      type: 'collection',
      total: 1,
      entry: [
        {
          resource: {
            resourceType: 'BiologicallyDerivedProductDispense',
            id: 'd1',
            status: 'delivered',
            product: { reference: 'BiologicallyDerivedProduct/1' },
            patient: { display: 'x' },
            quantity: 'one',
          },
        },
      ],
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^BiologicallyDerivedProductDispense schema \/quantity/),
        expect.stringMatching(/^Bundle invariant bdl-1 /),
        expect.stringMatching(/^Bundle invariant bdl-15 /),
        expect.stringMatching(/status = delivered is not in the required value set/),
      ]),
    );
  });
});
