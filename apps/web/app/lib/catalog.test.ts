import { describe, expect, it } from 'vitest';
import { categoryPath, flattenCategories, paragraphs, type CategoryNode } from './catalog';

describe('paragraphs', () => {
  it('splits on blank lines and keeps single line breaks inside a paragraph', () => {
    expect(paragraphs('First.\n\nSecond\nline.\r\n\r\n  \n\nThird.  ')).toEqual([
      'First.',
      'Second\nline.',
      'Third.',
    ]);
  });
  it('gives nothing for empty text', () => {
    expect(paragraphs('')).toEqual([]);
    expect(paragraphs(' \n\n ')).toEqual([]);
  });
});

const node = (id: number, parent_id: number | null, children: CategoryNode[] = []): CategoryNode => ({
  id,
  parent_id,
  name: `C${id}`,
  icon: '',
  children,
});
const tree = [node(1, null, [node(3, 1, [node(5, 3)]), node(4, 1)]), node(2, null)];

describe('category tree', () => {
  it('finds the path from the top to a category', () => {
    expect(categoryPath(tree, 5).map((c) => c.id)).toEqual([1, 3, 5]);
    expect(categoryPath(tree, 2).map((c) => c.id)).toEqual([2]);
    expect(categoryPath(tree, 99)).toEqual([]);
  });
  it('flattens parents before children', () => {
    expect(flattenCategories(tree).map((c) => c.id)).toEqual([1, 3, 5, 4, 2]);
  });
});
