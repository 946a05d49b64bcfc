import { Type, type Static } from '@sinclair/typebox';
import { PageQuery } from './paging';
import { Graft } from './graft';
import { Nullable } from './common';
import { GRAFT_SORTS, GraftSortSchema, type GraftSort } from './sorting';

/**
 * Where a graft of a bank's stock stands (docs/decisions.md "The bank's stock"): free (offered to
 * every physician), reserved (held by a request), assigned to a clinic, or delivered to it.
 */
export const STOCK_STATES = ['free', 'reserved', 'assigned', 'delivered'] as const;
export type StockState = (typeof STOCK_STATES)[number];
export const StockStateSchema = Type.Union(
  STOCK_STATES.map((state) => Type.Literal(state)),
  { description: 'free, reserved, assigned or delivered' },
);

/** Orders of the stock: those of every graft list. */
export const STOCK_SORTS = GRAFT_SORTS;
export type StockSort = GraftSort;

/** One graft of `GET /euteemployee/currentdonations`: the spec's Graft with its state and demand. */
export const StockGraft = Type.Composite([
  Graft,
  Type.Object({
    stockState: StockStateSchema,
    fittingEntries: Nullable(
      Type.Integer({ minimum: 0, description: 'open waiting-list entries a Free graft fits; null for others' }),
    ),
  }),
]);
export type StockGraft = Static<typeof StockGraft>;

/** The stock's size filters and its expiry horizon reach this far at most. */
export const MAX_STOCK_FILTER_MM = 1000;
export const MAX_EXPIRES_WITHIN_DAYS = 3650;
const Millimetres = Type.Number({ minimum: 0, maximum: MAX_STOCK_FILTER_MM, description: 'millimetres' });

/** `?limit&offset`, the order and the filters of the bank's stock; every one optional. */
export const StockQuery = Type.Object(
  {
    ...PageQuery.properties,
    sort: Type.Optional(GraftSortSchema),
    type: Type.Optional(Type.Integer({ minimum: 1, maximum: 8, description: 'graft type number' })),
    dMin: Type.Optional(Millimetres),
    dMax: Type.Optional(Millimetres),
    state: Type.Optional(StockStateSchema),
    expiresWithin: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_EXPIRES_WITHIN_DAYS,
        description: 'only grafts expiring within this many days from today',
      }),
    ),
  },
  { additionalProperties: false },
);
export type StockQuery = Static<typeof StockQuery>;
