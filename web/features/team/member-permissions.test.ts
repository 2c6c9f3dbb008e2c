import { describe, expect, it } from 'vitest';
import type { Member } from '../../../common/contracts/team';
import { memberRights } from './member-permissions';

const member = (id: number, role: Member['role']): Member => ({
  id,
  name: `M${id}`,
  username: `m${id}`,
  email: `m${id}@example.test`,
  user_department: null,
  role,
});

describe('memberRights', () => {
  it('lets nobody change their own row, owners included', () => {
    const none = { department: false, roles: [], remove: false, transfer: false };
    expect(memberRights({ id: 1, role: 'owner' }, member(1, 'owner'))).toEqual(none);
    expect(memberRights({ id: 2, role: 'admin' }, member(2, 'admin'))).toEqual(none);
  });

  it('gives members no rights over anyone', () => {
    expect(memberRights({ id: 1, role: 'member' }, member(2, 'member'))).toEqual({
      department: false,
      roles: [],
      remove: false,
      transfer: false,
    });
    expect(memberRights({ id: 1, role: null }, member(2, 'member')).roles).toEqual([]);
  });

  it('lets an owner set any role and department on others, remove them and hand them the team', () => {
    expect(memberRights({ id: 1, role: 'owner' }, member(2, 'member'))).toEqual({
      department: true,
      roles: ['owner', 'admin', 'member'],
      remove: true,
      transfer: true,
    });
    expect(memberRights({ id: 1, role: 'owner' }, member(2, 'owner')).remove).toBe(true);
    expect(memberRights({ id: 1, role: 'owner' }, member(2, 'owner')).roles).toContain('member');
  });

  it('lets an admin switch and remove members and admins but never touch an owner or hand the team over', () => {
    expect(memberRights({ id: 1, role: 'admin' }, member(2, 'member'))).toEqual({
      department: true,
      roles: ['admin', 'member'],
      remove: true,
      transfer: false,
    });
    expect(memberRights({ id: 1, role: 'admin' }, member(4, 'admin')).remove).toBe(true);
    expect(memberRights({ id: 1, role: 'admin' }, member(3, 'owner'))).toEqual({
      department: true,
      roles: [],
      remove: false,
      transfer: false,
    });
  });
});
