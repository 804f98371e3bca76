import { describe, expect, it } from 'vitest';
import { effectivePermissions, mayAccess, normalizePermissions, PERMISSIONS } from './admin.ts';

describe('operator permissions', () => {
  const staff = { role: 'staff' as const, permissions: ['catalog', 'support'] as const };
  const owner = { role: 'owner' as const, permissions: [] as const };

  it('lets a staff member call only what a permission of theirs names', () => {
    expect(mayAccess(staff, 'catalog')).toBe(true);
    expect(mayAccess(staff, 'support')).toBe(true);
    expect(mayAccess(staff, 'settings')).toBe(false);
    expect(mayAccess(staff, 'keys')).toBe(false);
    expect(mayAccess(staff, 'owner')).toBe(false);
    expect(mayAccess(staff, 'operator')).toBe(true);
  });

  it('lets the owner call everything, managing operators included', () => {
    for (const p of PERMISSIONS) expect(mayAccess(owner, p)).toBe(true);
    expect(mayAccess(owner, 'owner')).toBe(true);
    expect(effectivePermissions(owner)).toEqual([...PERMISSIONS]);
  });

  it('keeps known permissions once, in order', () => {
    expect(normalizePermissions(['support', 'nope', 'catalog', 'support'])).toEqual(['catalog', 'support']);
    expect(effectivePermissions(staff)).toEqual(['catalog', 'support']);
  });
});
