import { z } from 'zod';

export const linkItem = z
  .object({ id: z.number().int(), name: z.string(), url: z.string() })
  .meta({ id: 'Link' });
export type LinkItem = z.infer<typeof linkItem>;
export const linkList = z.array(linkItem);
