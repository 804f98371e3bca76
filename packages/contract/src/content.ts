import { z } from 'zod';

export const linkItem = z
  .object({ id: z.number().int(), name: z.string(), url: z.string() })
  .meta({ id: 'Link' });
export type LinkItem = z.infer<typeof linkItem>;
export const linkList = z.array(linkItem);

const id = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export type RegionNode = { id: number; name: string; children: RegionNode[] };
export const regionNode: z.ZodType<RegionNode> = z
  .object({
    id: z.number().int(),
    name: z.string(),
    get children() {
      return z.array(regionNode);
    },
  })
  .meta({ id: 'Region' });
export const regionTree = z.array(regionNode);

export const ARTICLE_TYPES = ['help', 'news'] as const;
export const articleListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  type: z.enum(ARTICLE_TYPES).optional(),
});
export const articleSummary = z
  .object({
    id: z.number().int(),
    type: z.enum(ARTICLE_TYPES),
    title: z.string(),
    summary: z.string(),
    created_at: z.number().int().describe('Epoch milliseconds'),
  })
  .meta({ id: 'ArticleSummary' });
export const articleDetail = articleSummary
  .extend({
    content: z.string().describe('Plain text; paragraphs separated by blank lines'),
    updated_at: z.number().int(),
  })
  .meta({ id: 'Article' });
export const articleIdQuery = z.object({ id });
