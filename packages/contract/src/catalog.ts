import { z } from 'zod';
import { GOODS_SORTS } from '@shop/domain/catalog';
import { PLAYER_ID_MAX_LENGTH } from '@shop/domain/constants';
import { pageOf, pageQuery } from './envelope.ts';
import { identifier, text } from './text.ts';

// Catalog endpoints (ARCHITECTURE.md §4 table). Every text is in the request Locale; every price
// is a decimal string in the request Currency (explicit USD price first, else converted from CNY,
// rounded half up to 0.01), with `currency` beside it.

const id = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const money = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe('Decimal string in `currency`, e.g. "68.00"');
const currency = z.enum(['CNY', 'USD']);

export const idQuery = z.object({ id });

export const goodsCard = z
  .object({
    id: z.number().int(),
    name: z.string(),
    subtitle: z.string(),
    image: z.string(),
    category_id: z.number().int(),
    spec_type: z.union([z.literal(1), z.literal(2)]),
    recharge_type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    price: money.describe('Lowest price of the goods'),
    currency,
    sales: z.number().int(),
    in_stock: z.boolean(),
  })
  .meta({ id: 'GoodsCard' });
export type GoodsCard = z.infer<typeof goodsCard>;
export const goodsPage = pageOf(goodsCard);

export type CategoryNode = {
  id: number;
  parent_id: number | null;
  name: string;
  icon: string;
  children: CategoryNode[];
};
export const categoryNode: z.ZodType<CategoryNode> = z
  .object({
    id: z.number().int(),
    parent_id: z.number().int().nullable(),
    name: z.string(),
    icon: z.string(),
    get children() {
      return z.array(categoryNode);
    },
  })
  .meta({ id: 'CategoryNode' });
export const categoryTree = z.array(categoryNode);

export { GOODS_SORTS };
export const categoryGoodsQuery = pageQuery.extend({ id, sort: z.enum(GOODS_SORTS).default('default') });
export const categoryGoods = z
  .object({
    category: z.object({
      id: z.number().int(),
      parent_id: z.number().int().nullable(),
      name: z.string(),
      icon: z.string(),
      children: z.array(z.object({ id: z.number().int(), name: z.string(), icon: z.string() })),
    }),
    list: z.array(goodsCard),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: 'CategoryGoods' });

export const sku = z
  .object({
    id: z.number().int().describe('goods_sku_id for the cart'),
    spec: z.string().describe('Spec values, e.g. "60 钻石"'),
    price: money,
    original_price: money.nullable(),
    in_stock: z.boolean(),
    stock: z.number().int().nullable().describe('Units left; null when unlimited'),
    tiers: z
      .array(z.object({ min_num: z.number().int(), price: money }))
      .describe('Quantity tiers, fewest first: from min_num units on, each costs price (issue 31)'),
  })
  .meta({ id: 'Sku' });

export const faceValue = z
  .object({
    face_value: z.number().int().describe('face_value for the cart, e.g. 60'),
    label: z.string(),
    price: money,
    original_price: money.nullable(),
    in_stock: z.boolean(),
    stock: z.number().int().nullable(),
    tiers: z
      .array(z.object({ min_num: z.number().int(), price: money }))
      .describe('Quantity tiers, fewest first: from min_num units on, each costs price (issue 31)'),
  })
  .meta({ id: 'FaceValue' });

export const gameServer = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'GameServer' });

export const goodsDetail = z
  .object({
    id: z.number().int(),
    name: z.string(),
    subtitle: z.string(),
    description: z.string().describe('Plain text; paragraphs separated by blank lines'),
    instructions: z.string().describe('How to use or redeem; plain text'),
    image: z.string(),
    images: z.array(z.string()),
    category: z.object({ id: z.number().int(), name: z.string() }),
    spec_type: z.union([z.literal(1), z.literal(2)]),
    recharge_type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    ships: z.boolean().describe('Shipped to an address (decision 030): an order of it is paid only with one'),
    currency,
    exchange_rate: z
      .string()
      .describe(
        'The CNY→USD rate now, e.g. "0.138000": a USD buyer is charged round(total ÷ rate) CNY (decision 031)',
      ),
    price: money.describe('Lowest price'),
    sales: z.number().int(),
    in_stock: z.boolean(),
    max_quantity: z.number().int().describe('Largest quantity one cart line may hold'),
    skus: z.array(sku).describe('spec_type 1; empty otherwise'),
    face_values: z.array(faceValue).describe('spec_type 2; empty otherwise'),
    servers: z.array(gameServer).describe('recharge_type 2: the game servers; empty otherwise'),
    player_hint: z
      .object({ text: z.string(), image: z.string().describe("'' when there is no picture") })
      .nullable()
      .describe('recharge_type 2: where to find the player id, in the request language; null when none'),
    topup_quantity: z
      .boolean()
      .describe('false: a direct top-up face value is bought once per line (no quantity stepper)'),
  })
  .meta({ id: 'GoodsDetail' });
export type GoodsDetail = z.infer<typeof goodsDetail>;

export const searchQuery = pageQuery.extend({
  keyword: text({ max: 100 }).default(''),
  category_id: id.optional(),
});

export const playerQuery = z.object({
  goods_id: id,
  server_id: id,
  player_id: text({ min: 1, max: PLAYER_ID_MAX_LENGTH }),
});
export const playerInfo = z
  .object({ player_id: z.string(), server_id: z.number().int(), server: z.string(), nickname: z.string() })
  .meta({ id: 'PlayerInfo' });

export const zoneDetail = z
  .object({
    id: z.number().int(),
    name: z.string(),
    subtitle: z.string(),
    banner: z.string(),
    goods: z.array(goodsCard),
  })
  .meta({ id: 'ZoneDetail' });

export const zoneSummary = z
  .object({ id: z.number().int(), name: z.string(), subtitle: z.string(), banner: z.string() })
  .meta({ id: 'ZoneSummary' });

export const swiperItem = z
  .object({
    id: z.number().int(),
    title: z.string(),
    subtitle: z.string(),
    image: z.string(),
    link: z.string(),
  })
  .meta({ id: 'Swiper' });
/** A banner or section position (`swipers.position`, `custom_modules.position`: varchar(32)). */
const position = identifier({ max: 32, min: 0 }).default('home');
export const swiperQuery = z.object({ position });

export const customModule = z
  .object({
    id: z.number().int(),
    title: z.string(),
    subtitle: z.string(),
    style: z.enum(['grid', 'row']).describe('grid: cards in a grid; row: one scrolling row'),
  })
  .meta({ id: 'CustomModule' });
export const customModuleQuery = z.object({ position });
export const customModuleGoodsQuery = pageQuery.extend({ id });
